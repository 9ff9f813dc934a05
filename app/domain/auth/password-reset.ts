/**
 * "Forgot password?": the words the pages show. No zod here (the sign-in page imports
 * this); the forms' schemas are in ./password-reset-schemas.ts.
 */

export const PASSWORD_RESET_TEXT = {
  /** The one answer every address gets, mailed or not. */
  requested:
    "If this address may sign in here, a link to choose a new password is on its way. It works once, within one hour.",
  rateLimited: "Too many requests. Please wait a few minutes and try again.",
  invalidLink: "This reset link is invalid, has expired or has already been used.",
  doneTitle: "Password changed",
  doneDescription: "Sign in with your new password. You have been signed out everywhere else.",
} as const;
