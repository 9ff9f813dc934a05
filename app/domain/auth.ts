/**
 * Sign-in and account creation: the spec's exact words (public-site §8 "Auth and
 * environment", admin §8 "Auth") and the limits. The form schemas, which only the
 * server runs, are in ./auth-schemas.ts, so pages that show these words don't ship zod.
 * No I/O here.
 */

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

export type AuthMode = "sign-in" | "sign-up";

export function authModeFromSearch(search: URLSearchParams): AuthMode {
  return search.get("mode") === "sign-up" ? "sign-up" : "sign-in";
}
