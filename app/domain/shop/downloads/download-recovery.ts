/** The "Lost your download links?" form, checked the same way in the browser and on the server. */
import { emailAddress, formSchema } from "../../core/form-schema";

export const RECOVERY_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  /** The same words whether or not the address has orders. */
  sent: "If we have completed orders for this address, fresh download links are on their way. Please check your inbox (and spam folder) in a few minutes.",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
} as const;

export interface RecoverLinksInput {
  email: string;
}

export const recoverLinksSchema = formSchema<RecoverLinksInput>({
  email: emailAddress(
    { required: RECOVERY_MESSAGES.emailRequired, invalid: RECOVERY_MESSAGES.emailInvalid },
    { lowerCase: true },
  ),
});
