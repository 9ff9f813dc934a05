/** The "Lost your download links?" form, checked the same way in the browser and on the server. */
import { z } from "zod";
import { isValidCheckoutEmail } from "./order-validation";

export const RECOVERY_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  /** The same words whether or not the address has orders. */
  sent: "If we have completed orders for this address, fresh download links are on their way. Please check your inbox (and spam folder) in a few minutes.",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
} as const;

export const recoverLinksSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, RECOVERY_MESSAGES.emailRequired)
    .max(254, RECOVERY_MESSAGES.emailInvalid)
    .refine(isValidCheckoutEmail, RECOVERY_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
});

export type RecoverLinksInput = z.infer<typeof recoverLinksSchema>;
