/**
 * Sign-in and account creation: the spec's exact words (public-site §8 "Auth and
 * environment", admin §8 "Auth") and the form schemas shared by the /auth page and
 * the server. No I/O here.
 */
import { z } from "zod";

export const AUTH_TEXT = {
  signUpNotAllowed: "This email address is not authorized to create an account.",
  signInNotAllowed: "This email address is not authorized to access this application.",
  signInErrorTitle: "Error signing in",
  signInSuccessTitle: "Welcome back!",
  signInSuccessDescription: "Successfully signed in.",
  signUpErrorTitle: "Error creating account",
  signUpSuccessTitle: "Account created!",
  signUpSuccessDescription: "Please check your email to verify your account.",
  unexpectedTitle: "An error occurred",
  unexpectedDescription: "Please try again later.",
  notAuthorizedLog: "User not authorized for admin access",
} as const;

/** Better Auth's own limits for passwords (its defaults, kept explicit here). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 120;

/** Addresses are compared and stored lower-cased, everywhere. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

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
export type AuthMode = AuthFormInput["mode"];

export function authModeFromSearch(search: URLSearchParams): AuthMode {
  return search.get("mode") === "sign-up" ? "sign-up" : "sign-in";
}

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

/** Field errors as the forms show them: the first message per field. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
