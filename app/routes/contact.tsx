import { data } from "react-router";
import type { Route } from "./+types/contact";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { ContactHero, ContactInformation } from "~/components/contact/contact-sections";
import { ContactForm } from "~/components/contact-form";
import { NewsletterForm } from "~/components/newsletter-form";
import { Container } from "~/components/ui/container";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { CONTACT_TEXT, type ContactResponse } from "~/domain/audience/contact/contact-form";
import { resolveContent } from "~/domain/content/page-content/registry";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { contactResponse, submitContactMessage } from "~/server/audience/contact.server";
import { getDb } from "~/server/db/database.server";
import { logger } from "~/server/core/logger.server";
import {
  CONTACT_CONTENT_FRESH_MS,
  loadContactRecipient,
  loadPageContent,
} from "~/server/pages/public-pages.server";
import { orNull } from "~/server/core/settle.server";
import { CONTACT_PAGE_KEYS } from "~/domain/content/page-content/keys";
import { BodyTooLarge, formFields, readFormData } from "~/server/http/api.server";
import { AppError } from "~/server/core/errors.server";

export async function loader() {
  const content = await orNull(
    loadPageContent(CONTACT_PAGE_KEYS, CONTACT_CONTENT_FRESH_MS),
    "contact page content",
  );
  return {
    content: content ?? resolveContent(CONTACT_PAGE_KEYS, []),
    contentFailed: content === null,
  };
}

/** The form without JavaScript posts here and gets the same service as the endpoint. */
export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, string>;
  try {
    form = formFields(await readFormData(request));
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return data<ContactResponse>(
        {
          success: false,
          error: CONTACT_TEXT.tooLong,
          fieldErrors: { message: CONTACT_TEXT.tooLong },
        },
        { status: 413 },
      );
    }
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
  }
  try {
    const outcome = await submitContactMessage(getDb(), form, {
      recipient: await loadContactRecipient(),
      clientKey: context.clientAddress,
    });
    const answer = contactResponse(outcome);
    return data<ContactResponse>(answer.body, { status: answer.status });
  } catch (error) {
    logger.error({ err: error }, "Contact message failed");
    return data<ContactResponse>(
      { success: false, error: CONTACT_TEXT.errorDescription },
      { status: 500 },
    );
  }
}

export const headers = publicPageHeaders;

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { content, contentFailed } = loaderData;
  return (
    <>
      <HydrateLater>
        <ContactHero content={content} />
      </HydrateLater>

      <section className="py-16 sm:py-24">
        <Container className="grid gap-12 lg:grid-cols-[0.85fr_1.15fr] lg:gap-16">
          <ContactInformation content={content} contentFailed={contentFailed} />

          <div className="rounded-3xl border border-border/70 bg-card/70 p-6 shadow-2xl shadow-black/30 sm:p-10">
            <h2 className="text-3xl sm:text-4xl">Send a message</h2>
            <p className="mb-8 mt-3 text-muted-foreground">Every field is required.</p>
            <ContactForm noScriptResult={actionData ?? null} />
          </div>
        </Container>
      </section>

      <HydrateLater>
        <section className="border-t border-border/40 bg-card/30 py-16 sm:py-20">
          <Container className="max-w-3xl">
            <NewsletterForm
              heading={content["home-cta-title"].title}
              description={content["home-cta-description"].description ?? undefined}
              className="text-center [&_form]:mx-auto [&_form]:max-w-xl"
            />
          </Container>
        </section>
      </HydrateLater>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteMetaData(matches);
  if (!loaderData) return [{ title: pageTitle("Contact") }];
  const { content } = loaderData;
  return seoMeta({
    siteUrl: site.siteUrl,
    title: pageTitle(content["contact-hero-title"].value),
    description: content["contact-hero-description"].description,
    path: "/contact",
  });
};

export const ErrorBoundary = RouteErrorBoundary;
