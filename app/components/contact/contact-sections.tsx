/**
 * The contact page's own sections (public spec "Contact"), shared by /contact and the
 * live previews of the back office (/admin/contact, /admin/page-content): the hero,
 * and the column of contact information with the booking card.
 */
import { AlertTriangle, Clock, Instagram, Mail, MapPin, Phone, Youtube } from "lucide-react";
import { PageHero } from "~/components/page-hero";
import { CONTACT_TEXT } from "~/domain/audience/contact/contact-form";
import { instagramLink, phoneHref, youtubeLink } from "~/domain/content/page-content/contact-links";
import type { ContentMap } from "~/domain/content/page-content/registry";

type ContactContent = ContentMap<
  | "contact-hero-title"
  | "contact-hero-description"
  | "contact-email"
  | "contact-phone"
  | "contact-location"
  | "contact-instagram"
  | "contact-youtube"
  | "contact-booking-title"
  | "contact-booking-email"
>;

export const CONTACT_EYEBROW = "Contact";

export function ContactHero({ content }: { content: ContactContent }) {
  return (
    <PageHero
      eyebrow={CONTACT_EYEBROW}
      title={content["contact-hero-title"].value}
      description={content["contact-hero-description"].description}
    />
  );
}

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

/** The contact details and the booking card: the left column of the page. */
export function ContactInformation({
  content,
  contentFailed = false,
}: {
  content: ContactContent;
  contentFailed?: boolean;
}) {
  const email = content["contact-email"].value;
  const phone = content["contact-phone"].description;
  const location = content["contact-location"].description;
  const instagram = instagramLink(content["contact-instagram"].description);
  const youtube = youtubeLink(content["contact-youtube"].description);
  const bookingEmail = content["contact-booking-email"].value;
  return (
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
          className={`mt-4 inline-flex max-w-full items-center gap-2 font-medium text-foreground ${linkClass}`}
        >
          <Mail aria-hidden className="size-4 shrink-0 text-primary" />
          {/* A long address wraps rather than running out of the card on a phone. */}
          <span className="min-w-0 [overflow-wrap:anywhere]">{bookingEmail}</span>
        </a>
        <p className="mt-5 flex items-center gap-2 border-t border-border/60 pt-4 text-sm text-muted-foreground">
          <Clock aria-hidden className="size-4 text-primary" />
          {CONTACT_TEXT.replyPromise}
        </p>
      </div>
    </div>
  );
}
