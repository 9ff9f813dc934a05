/** The sign-in, sign-up and owner set-up forms' schemas, run by their actions. */
import { z } from "../core/zod";
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  normalizeEmail,
} from "./auth";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"))
  .transform(normalizeEmail);

const password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInSchema = z.object({
  mode: z.literal("sign-in"),
  email,
  password,
});

export const signUpSchema = z.object({
  mode: z.literal("sign-up"),
  email,
  password: password.refine((p) => p.length >= PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  }),
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`),
});

/** One form, two modes: full name is required only when creating an account. */
export const authFormSchema = z.discriminatedUnion("mode", [signInSchema, signUpSchema]);
export type AuthFormInput = z.infer<typeof authFormSchema>;

/** "Send a new verification link": the address the sign-in form held. */
export const resendVerificationSchema = z.object({
  intent: z.literal("resend-verification"),
  email,
});

/** The owner's one-time set-up form: a name and a password typed twice. */
export const ownerSetupSchema = z
  .object({
    token: z.string().min(1, "The set-up link is incomplete"),
    fullName: signUpSchema.shape.fullName,
    password: signUpSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });

/** Field errors as the forms show them (the first message per field); see ./form-errors. */
export { fieldErrorsFrom as firstErrors } from "../core/form-errors";
