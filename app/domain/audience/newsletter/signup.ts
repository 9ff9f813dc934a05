/**
 * The newsletter form: its schema (used by the form in the browser and by the
 * subscribe endpoint) and every text the visitor sees (public-site spec §5, §8).
 */
import { emailAddress, formSchema } from "../../core/form-schema";

export const NEWSLETTER_TEXT = {
  requiredTitle: "Email Required",
  requiredDescription: "Please enter your email address.",
  invalidTitle: "Invalid Email",
  invalidDescription: "Please enter a valid email address.",
  alreadyTitle: "Already Subscribed",
  /** The server's {error} text for an address that is already on the list. */
  alreadySubscribed: "This email is already subscribed to our newsletter.",
  successTitle: "Successfully Subscribed!",
  /** Double opt-in (issue 22): nothing is sent until the subscriber confirms. */
  successDescription:
    "Thank you for subscribing! Please check your inbox and click the link in our email to confirm your subscription.",
  failedTitle: "Subscription Failed",
  failedDescription: "There was an error subscribing to our newsletter. Please try again.",
  subscribedButton: "Subscribed!",
  cityLabel: "Where do you live? (optional, for concerts near you)",
} as const;

/** How long the button says "Subscribed!" before the form is idle again (spec §9). */
export const SUBSCRIBED_STATE_MS = 3_000;

export interface NewsletterInput {
  email: string;
}

/** Addresses are stored lower-cased, so one person is one subscriber. */
export const newsletterSchema = formSchema<NewsletterInput>({
  email: emailAddress(
    {
      required: NEWSLETTER_TEXT.requiredDescription,
      invalid: NEWSLETTER_TEXT.invalidDescription,
    },
    { lowerCase: true },
  ),
});

export type NewsletterProblem = "required" | "invalid";

/** Which of the spec's two validation toasts an entered address deserves, if any. */
export function newsletterProblem(email: string): NewsletterProblem | null {
  if (email.trim() === "") return "required";
  return newsletterSchema.safeParse({ email }).success ? null : "invalid";
}

/** The endpoint's answers (spec §7): success, or an error text. */
export type NewsletterResponse = { success: true } | { error: string };

/** How long a confirmation link works; a sign-up never confirmed is removed after it. */
export const CONFIRMATION_VALID_DAYS = 7;
export const CONFIRMATION_VALID_MS = CONFIRMATION_VALID_DAYS * 24 * 60 * 60_000;

/**
 * A new confirmation mail goes out at most this often for one address, so signing up a
 * stranger's address again and again cannot flood their inbox.
 */
export const CONFIRMATION_RESEND_MS = 2 * 60_000;

/** Whether a confirmation link sent at `sentAt` no longer works at `now`. */
export function confirmationExpired(sentAt: Date, now: Date): boolean {
  return now.getTime() - sentAt.getTime() >= CONFIRMATION_VALID_MS;
}

/** Links sent before this instant have expired; pending sign-ups older than it go. */
export function confirmationCutoff(now: Date): Date {
  return new Date(now.getTime() - CONFIRMATION_VALID_MS);
}

/** Every text of the confirmation page (/newsletter/confirm). */
export const CONFIRM_TEXT = {
  askTitle: "Confirm your subscription",
  ask: (email: string) =>
    `Confirm that ${email} should receive the newsletter: tour dates, new recordings and first access to concert tickets.`,
  cityLabel: "Where do you live? (optional)",
  cityHint:
    "Pick your city to hear about concerts near you. You can change or remove it from any of our mails.",
  confirmButton: "Confirm subscription",
  confirmingButton: "Confirming…",
  confirmedTitle: "You're subscribed",
  confirmed: (email: string) => `Thank you! ${email} will receive the newsletter.`,
  invalidTitle: "This link has been used or has expired",
  invalid: `Confirmation links work once, for ${CONFIRMATION_VALID_DAYS} days. If you are not on the list yet, sign up again below and we will send you a new link.`,
} as const;

/** "fan@example.org" → "f••@example.org": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.max(2, Math.min(local.length - 1, 6)))}@${domain}`;
}

/** Every text of the location page (/newsletter/location), reached from every mail. */
export const LOCATION_TEXT = {
  title: "Where do you live?",
  intro: "Tell us your city and we will let you know when there is a concert near you.",
  current: (city: string) => `Your city: ${city}`,
  none: "You have not told us your city.",
  cityLabel: "Your city",
  save: "Save city",
  remove: "Remove my city",
  saved: "Your city is saved.",
  removed: "Your city is removed.",
  pickFromList: "Pick a city from the suggestions.",
  invalidTitle: "This link is not valid",
  invalid:
    "The link may be incomplete or out of date. Use the link in the most recent newsletter mail.",
} as const;
