import type { Route } from "./+types/api.send-contact-email";
import { CONTACT_TEXT, type ContactResponse } from "~/domain/audience/contact/contact-form";
import { contactResponse, submitContactMessage } from "~/server/audience/contact.server";
import { getDb } from "~/server/db/database.server";
import { BodyTooLarge, json, methodNotAllowed, readFields } from "~/server/http/api.server";
import { logger } from "~/server/core/logger.server";
import { loadContactRecipient } from "~/server/pages/public-pages.server";

/**
 * POST /api/send-contact-email with {name, email, subject, message} (spec §7).
 * Answers {success: true}, or {success: false, error, fieldErrors?} with 400, 413 (a body
 * over the cap: the message is too long) or 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readFields(request);
    const outcome = await submitContactMessage(getDb(), body, {
      recipient: await loadContactRecipient(),
      clientKey: context.clientAddress,
    });
    const answer = contactResponse(outcome);
    return json(
      answer.body,
      answer.status,
      "retryAfterSeconds" in answer ? { "Retry-After": String(answer.retryAfterSeconds) } : {},
    );
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return json(
        {
          success: false,
          error: CONTACT_TEXT.tooLong,
          fieldErrors: { message: CONTACT_TEXT.tooLong },
        } satisfies ContactResponse,
        413,
      );
    }
    logger.error({ err: error }, "Contact message failed");
    return json({ success: false, error: CONTACT_TEXT.errorDescription }, 500);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
