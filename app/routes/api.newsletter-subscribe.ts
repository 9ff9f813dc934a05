import { redirect } from "react-router";
import type { Route } from "./+types/api.newsletter-subscribe";
import { NEWSLETTER_TEXT, type NewsletterResponse } from "~/domain/audience/newsletter/signup";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { ValidationError } from "~/server/core/errors.server";
import {
  BodyTooLarge,
  isFormSubmission,
  json,
  methodNotAllowed,
  readFields,
  returnPath,
} from "~/server/http/api.server";
import { logger } from "~/server/core/logger.server";
import { NEWSLETTER_RATE_LIMIT, subscribeToNewsletter } from "~/server/audience/newsletter.server";
import { recordNewsletterSignup } from "~/server/analytics/server-events.server";
import { hitRateLimit, rateLimitKey } from "~/server/db/rate-limit.server";

type Outcome = "subscribed" | "already" | "invalid" | "error";

/**
 * POST /api/newsletter-subscribe with {email} (spec §7): {success: true}, or {error}
 * with the already-subscribed text (200, as the spec's function answered). Invalid
 * input is 400, a flood 429. A plain form post (no JavaScript) is sent back to the page
 * it came from with ?newsletter=<outcome>, which the form shows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const fromForm = isFormSubmission(request);
  const answer = (outcome: Outcome, body: NewsletterResponse, status: number) =>
    fromForm
      ? redirect(`${returnPath(request, "/")}?newsletter=${outcome}#newsletter`, 303)
      : json(body, status);

  try {
    const body = await readFields(request);
    const db = getDb();
    const limit = await hitRateLimit(
      db,
      rateLimitKey("newsletter", context.clientAddress),
      NEWSLETTER_RATE_LIMIT,
    );
    if (!limit.allowed) {
      return answer("error", { error: NEWSLETTER_TEXT.failedDescription }, 429);
    }
    const outcome = await subscribeToNewsletter(db, body, {
      siteUrl: getEnv().SITE_URL,
      page: returnPath(request, "") || null,
    });
    if (outcome.status === "subscribed") {
      await recordNewsletterSignup(
        db,
        { headers: request.headers, url: request.url, clientAddress: context.clientAddress },
        getEnv().SITE_TIME_ZONE,
      );
    }
    return outcome.status === "subscribed"
      ? answer("subscribed", { success: true }, 200)
      : answer("already", { error: NEWSLETTER_TEXT.alreadySubscribed }, 200);
  } catch (error) {
    if (error instanceof ValidationError) return answer("invalid", { error: error.message }, 400);
    if (error instanceof BodyTooLarge) {
      return answer("invalid", { error: NEWSLETTER_TEXT.invalidDescription }, 413);
    }
    logger.error({ err: error }, "Newsletter subscription failed");
    return answer("error", { error: NEWSLETTER_TEXT.failedDescription }, 500);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
