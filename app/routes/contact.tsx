import { data } from "react-router";
import { AlertTriangle, Clock, Instagram, Mail, MapPin, Phone, Youtube } from "lucide-react";
import type { Route } from "./+types/contact";
import { PageHero } from "~/components/page-hero";
import { ContactForm } from "~/components/contact-form";
import { NewsletterForm } from "~/components/newsletter-form";
import { Container } from "~/components/ui/container";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { CONTACT_TEXT, type ContactResponse } from "~/domain/contact";
import { instagramLink, phoneHref, youtubeLink } from "~/domain/contact-links";
import { resolveContent } from "~/domain/page-content";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { contactResponse, submitContactMessage } from "~/server/audience/contact.server";
import { getDb } from "~/server/db/database.server";
import { logger } from "~/server/core/logger.server";
import {
  CONTACT_CONTENT_FRESH_MS,
  loadContactRecipient,
  loadPageContent,
} from "~/server/content/pages.server";
import { orNull } from "~/server/core/settle.server";
import { CONTACT_PAGE_KEYS } from "~/domain/page-content-keys";
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

function InfoItem({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Mail;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex items-start gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full border border-primary/30 bg-primary/10 text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted-foreground">
          {label}
        </p>
        <div className="mt-1 break-words text-foreground">{children}</div>
      </div>
    </li>
  );
}

const linkClass = "underline-offset-4 transition-colors hover:text-primary hover:underline";

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { content, contentFailed } = loaderData;
  const email = content["contact-email"].value;
  const phone = content["contact-phone"].description;
  const location = content["contact-location"].description;
  const instagram = instagramLink(content["contact-instagram"].description);
  const youtube = youtubeLink(content["contact-youtube"].description);
  const bookingEmail = content["contact-booking-email"].value;

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title={content["contact-hero-title"].value}
        description={content["contact-hero-description"].description}
      />

      <section className="py-16 sm:py-24">
        <Container className="grid gap-12 lg:grid-cols-[0.85fr_1.15fr] lg:gap-16">
          <div>
            <h2 className="text-3xl sm:text-4xl">Contact information</h2>
            {contentFailed ? (
              <p
                role="alert"
                className="mt-6 flex items-start gap-3 rounded-xl border border-destructive/50 p-4 text-sm text-muted-foreground"
              >
                <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
                {CONTACT_TEXT.loadFailed}
              </p>
            ) : (
              <ul className="mt-8 space-y-6">
                <InfoItem icon={Mail} label={content["contact-email"].title}>
                  <a href={`mailto:${email}`} className={linkClass}>
                    {email}
                  </a>
                </InfoItem>
                {location && (
                  <InfoItem icon={MapPin} label={content["contact-location"].title}>
                    {location}
                  </InfoItem>
                )}
                {phone && (
                  <InfoItem icon={Phone} label={content["contact-phone"].title}>
                    <a href={phoneHref(phone)} className={linkClass}>
                      {phone}
                    </a>
                  </InfoItem>
                )}
                {instagram && (
                  <InfoItem icon={Instagram} label={content["contact-instagram"].title}>
                    <a
                      href={instagram.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      {instagram.label}
                    </a>
                  </InfoItem>
                )}
                {youtube && (
                  <InfoItem icon={Youtube} label={content["contact-youtube"].title}>
                    <a
                      href={youtube.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      {youtube.label}
                    </a>
                  </InfoItem>
                )}
              </ul>
            )}

            <div className="mt-10 rounded-2xl border border-primary/30 bg-card p-6 shadow-xl shadow-black/20">
              <h3 className="text-2xl text-primary">{content["contact-booking-title"].title}</h3>
              <a
                href={`mailto:${bookingEmail}`}
                className={`mt-4 inline-flex items-center gap-2 font-medium text-foreground ${linkClass}`}
              >
                <Mail aria-hidden className="size-4 text-primary" />
                {bookingEmail}
              </a>
              <p className="mt-5 flex items-center gap-2 border-t border-border/60 pt-4 text-sm text-muted-foreground">
                <Clock aria-hidden className="size-4 text-primary" />
                {CONTACT_TEXT.replyPromise}
              </p>
            </div>
          </div>

          <div className="rounded-3xl border border-border/70 bg-card/70 p-6 shadow-2xl shadow-black/30 sm:p-10">
            <h2 className="text-3xl sm:text-4xl">Send a message</h2>
            <p className="mb-8 mt-3 text-muted-foreground">Every field is required.</p>
            <ContactForm noScriptResult={actionData ?? null} />
          </div>
        </Container>
      </section>

      <section className="border-t border-border/40 bg-card/30 py-16 sm:py-20">
        <Container className="max-w-3xl">
          <NewsletterForm
            heading={content["home-cta-title"].title}
            description={content["home-cta-description"].description ?? undefined}
            className="text-center [&_form]:mx-auto [&_form]:max-w-xl"
          />
        </Container>
      </section>
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
