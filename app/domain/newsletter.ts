/**
 * The newsletter form: its schema (used by the form in the browser and by the
 * subscribe endpoint) and every text the visitor sees (public-site spec §5, §8).
 */
import { emailAddress, formSchema } from "./form-schema";

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
