/**
 * The contact form: one schema for the browser form, the page's no-JavaScript action
 * and POST /api/send-contact-email, and the texts of its outcomes (spec §5, §8).
 */
import { emailAddress, formSchema, optionalText, requiredText } from "../../core/form-schema";
import { formatWholeNumber } from "../../core/money";

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_TEXT = {
  successTitle: "Message sent!",
  successDescription: "Thank you for your message. I'll get back to you soon.",
  errorTitle: "Error",
  errorDescription: "Failed to send message. Please try again.",
  /** A body over the endpoint's cap: a retry cannot work, so say what to change. */
  tooLong: `Your message is too long to send. Please keep it under ${formatWholeNumber(CONTACT_MESSAGE_MAX_LENGTH)} characters.`,
  replyPromise: "I typically respond within 24 hours.",
  loadFailed:
    "Sorry, we're having trouble loading the contact information. Please try again later.",
} as const;

/**
 * Spec §8's failure text, with how long to wait as a second sentence: a rate-limited
 * sender learns when a new message can go, in the spec's words.
 */
export function contactRateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${CONTACT_TEXT.errorDescription} You can send another message in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The hidden field people never see and bots fill in. */
export const CONTACT_HONEYPOT_FIELD = "website";

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  [CONTACT_HONEYPOT_FIELD]?: string;
}

export const contactSchema = formSchema<ContactInput>({
  name: requiredText("Please enter your name.", 200),
  email: emailAddress({
    required: "Please enter your email address.",
    invalid: "Please enter a valid email address.",
  }),
  subject: requiredText("Please enter a subject.", 200),
  message: requiredText("Please enter a message.", CONTACT_MESSAGE_MAX_LENGTH),
  [CONTACT_HONEYPOT_FIELD]: optionalText,
});
export type ContactField = "name" | "email" | "subject" | "message";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The first message per field, for showing beside the inputs. */
export function contactFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field !== CONTACT_HONEYPOT_FIELD && !(field in errors)) {
      errors[field as ContactField] = issue.message;
    }
  }
  return errors;
}

export type ContactResponse =
  { success: true } | { success: false; error: string; fieldErrors?: ContactFieldErrors };
