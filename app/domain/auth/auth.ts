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
  /** Better Auth's words for a sign-in before the address is confirmed. */
  emailNotVerified: "Email not verified",
  notVerifiedExplanation:
    "Your address is not confirmed yet. Open the link in the e-mail we sent you, or get a new link.",
  resendVerification: "Send a new verification link",
  resendingVerification: "Sending...",
  verificationSentTitle: "Verification link sent",
  verificationSent:
    "If this address has an account waiting for confirmation, a new link is on its way. It is valid for 24 hours.",
  verificationRateLimitedTitle: "Too many requests",
  verificationRateLimited:
    "A new link was asked for too often. Please wait an hour, or use the newest link you have.",
  verifiedTitle: "Email verified",
  verifiedDescription: "Your address is confirmed and you are signed in.",
  verifiedSignIn: "Your address is confirmed. Please sign in.",
  verificationLinkFailed:
    "This verification link has expired or is not valid any more. Get a new one below.",
} as const;

/** How often a new verification link may be asked for (per address, and per client). */
export const VERIFICATION_RESEND_LIMITS = {
  perEmail: { max: 3, windowMs: 60 * 60_000 },
  perClient: { max: 10, windowMs: 60 * 60_000 },
} as const;

/** Where a verification link leads once the address is confirmed: it signs in and opens /admin. */
export const AFTER_VERIFICATION_PATH = "/auth/verified";

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
