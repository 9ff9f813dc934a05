/**
 * The newsletter form: its schema (used by the form in the browser and by the
 * subscribe endpoint) and every text the visitor sees (public-site spec §5, §8).
 */
// zod/mini: the same schemas at a fraction of the bytes on the public pages.
import * as z from "zod/mini";

export const NEWSLETTER_TEXT = {
  requiredTitle: "Email Required",
  requiredDescription: "Please enter your email address.",
  invalidTitle: "Invalid Email",
  invalidDescription: "Please enter a valid email address.",
  alreadyTitle: "Already Subscribed",
  /** The server's {error} text for an address that is already on the list. */
  alreadySubscribed: "This email is already subscribed to our newsletter.",
  successTitle: "Successfully Subscribed!",
  successDescription: "Thank you for subscribing to our newsletter.",
  failedTitle: "Subscription Failed",
  failedDescription: "There was an error subscribing to our newsletter. Please try again.",
  subscribedButton: "Subscribed!",
} as const;

/** How long the button says "Subscribed!" before the form is idle again (spec §9). */
export const SUBSCRIBED_STATE_MS = 3_000;

/** Addresses are stored lower-cased, so one person is one subscriber. */
export const newsletterSchema = z.object({
  email: z.pipe(
    z
      .string({ error: NEWSLETTER_TEXT.requiredDescription })
      .check(
        z.trim(),
        z.minLength(1, NEWSLETTER_TEXT.requiredDescription),
        z.maxLength(254, NEWSLETTER_TEXT.invalidDescription),
      ),
    z.email(NEWSLETTER_TEXT.invalidDescription).check(z.toLowerCase()),
  ),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

export type NewsletterProblem = "required" | "invalid";

/** Which of the spec's two validation toasts an entered address deserves, if any. */
export function newsletterProblem(email: string): NewsletterProblem | null {
  if (email.trim() === "") return "required";
  return newsletterSchema.safeParse({ email }).success ? null : "invalid";
}

/** The endpoint's answers (spec §7): success, or an error text. */
export type NewsletterResponse = { success: true } | { error: string };
