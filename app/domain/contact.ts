/**
 * The contact form: one schema for the browser form, the page's no-JavaScript action
 * and POST /api/send-contact-email, and the texts of its outcomes (spec §5, §8).
 */
// zod/mini: the same schemas at a fraction of the bytes on the public pages.
import * as z from "zod/mini";

export const CONTACT_TEXT = {
  successTitle: "Message sent!",
  successDescription: "Thank you for your message. I'll get back to you soon.",
  errorTitle: "Error",
  errorDescription: "Failed to send message. Please try again.",
  rateLimited: "Too many messages from your connection. Please try again in a few minutes.",
  replyPromise: "I typically respond within 24 hours.",
  loadFailed:
    "Sorry, we're having trouble loading the contact information. Please try again later.",
} as const;

/** The hidden field people never see and bots fill in. */
export const CONTACT_HONEYPOT_FIELD = "website";

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `Please keep this under ${max} characters.`),
    );

export const contactSchema = z.object({
  name: required("Please enter your name.", 200),
  email: z.pipe(
    z
      .string({ error: "Please enter your email address." })
      .check(
        z.trim(),
        z.minLength(1, "Please enter your email address."),
        z.maxLength(254, "Please enter a valid email address."),
      ),
    z.email("Please enter a valid email address."),
  ),
  subject: required("Please enter a subject.", 200),
  message: required("Please enter a message.", 5000),
  [CONTACT_HONEYPOT_FIELD]: z.optional(z.string()),
});
export type ContactInput = z.infer<typeof contactSchema>;
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
