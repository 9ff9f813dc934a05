/**
 * /auth/reset-password: "Forgot password?" asks for an address and always answers the
 * same; the mailed link (?token=…) opens the form for the new password, which sends
 * the person to /auth to sign in with it. The rules are in
 * app/server/auth/password-reset.server.ts.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CheckCircle2, KeyRound, Loader2, Mail } from "lucide-react";
import type { Route } from "./+types/auth.reset-password";
import { AuthShell } from "~/components/auth-shell";
import { EmailField } from "~/components/email-field";
import { PasswordInput } from "~/components/password-input";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Label } from "~/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "~/domain/auth/auth";
import { firstErrors } from "~/domain/auth/auth-schemas";
import { PASSWORD_RESET_TEXT } from "~/domain/auth/password-reset";
import {
  requestPasswordResetSchema,
  resetPasswordSchema,
} from "~/domain/auth/password-reset-schemas";
import { SITE_NAME } from "~/domain/core/site";
import { useToastMessage } from "~/lib/toast";
import { getAuth, CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import {
  completePasswordReset,
  findPasswordReset,
  PasswordResetError,
  requestPasswordReset,
} from "~/server/auth/password-reset.server";
import { getEnv } from "~/server/core/env.server";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/database.server";
import { newToast, withFlashToast } from "~/server/http/flash.server";
import { readPageForm } from "~/server/http/api.server";

/** Where the person signs in afterwards; /auth shows the success note for this flag. */
export const AFTER_RESET_URL = "/auth?password-reset=done";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { step: "request" as const };
  const reset = await findPasswordReset(getDb(), token);
  return reset
    ? { step: "reset" as const, email: reset.email, token }
    : { step: "invalid" as const };
}

function invalid(fieldErrors: Record<string, string>) {
  const message = Object.values(fieldErrors)[0] ?? "Please check the form.";
  return data(
    { ok: false as const, fieldErrors, toast: newToast("error", "Error", message) },
    { status: 400 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readPageForm(request);
  if (form.intent === "request") {
    const parsed = requestPasswordResetSchema.safeParse(form);
    if (!parsed.success) return invalid(firstErrors(parsed.error));
    const outcome = await requestPasswordReset(getDb(), {
      email: parsed.data.email,
      clientIp: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
      siteUrl: getEnv().SITE_URL,
    });
    logger.info({ outcome }, "Password reset requested");
    if (outcome === "rate-limited") {
      return data(
        {
          ok: false as const,
          fieldErrors: { form: PASSWORD_RESET_TEXT.rateLimited },
          toast: newToast("error", "Error", PASSWORD_RESET_TEXT.rateLimited),
        },
        { status: 429 },
      );
    }
    // The same answer whether a mail went out or not.
    return { ok: true as const, requested: true as const };
  }

  const parsed = resetPasswordSchema.safeParse(form);
  if (!parsed.success) return invalid(firstErrors(parsed.error));
  try {
    await completePasswordReset(getDb(), getAuth(), parsed.data);
  } catch (error) {
    if (!(error instanceof PasswordResetError)) throw error;
    return invalid({ form: error.message });
  }
  const toast = newToast(
    "success",
    PASSWORD_RESET_TEXT.doneTitle,
    PASSWORD_RESET_TEXT.doneDescription,
  );
  throw redirect(AFTER_RESET_URL, { headers: withFlashToast(toast) });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  useToastMessage(actionData && !actionData.ok ? actionData.toast : undefined);
  const errors: Record<string, string> = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const formError = errors.form ? (
    <p
      role="alert"
      className="rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
    >
      {errors.form}
    </p>
  ) : null;

  if (loaderData.step === "invalid") {
    return (
      <AuthShell
        eyebrow={SITE_NAME}
        title="This link can't be used"
        description={PASSWORD_RESET_TEXT.invalidLink}
      >
        <Link
          to="/auth/reset-password"
          className="inline-flex font-medium text-primary underline-offset-4 hover:underline"
        >
          Ask for a new link
        </Link>
      </AuthShell>
    );
  }

  if (loaderData.step === "reset") {
    return (
      <AuthShell
        eyebrow={SITE_NAME}
        title="Choose a new password"
        description="After this you sign in with the new password; every other session is signed out."
      >
        <Form method="post" className="space-y-5">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={loaderData.token} />
          {formError}
          <div className="space-y-2">
            <Label htmlFor="reset-email">Email</Label>
            <Input id="reset-email" value={loaderData.email} readOnly autoComplete="username" />
          </div>
          <FormField
            id="password"
            label="New password"
            error={errors.password}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          >
            {(field) => (
              <PasswordInput
                {...field}
                name="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
              />
            )}
          </FormField>
          <FormField
            id="confirmPassword"
            label="Repeat the password"
            error={errors.confirmPassword}
          >
            {(field) => (
              <PasswordInput
                {...field}
                name="confirmPassword"
                autoComplete="new-password"
                required
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? (
              <Loader2 aria-hidden className="animate-spin" />
            ) : (
              <KeyRound aria-hidden />
            )}
            {submitting ? "Saving..." : "Set new password"}
          </Button>
        </Form>
      </AuthShell>
    );
  }

  if (actionData?.ok) {
    return (
      <AuthShell eyebrow={SITE_NAME} title="Check your e-mail">
        <div className="flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-4 text-sm">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <p role="status">{PASSWORD_RESET_TEXT.requested}</p>
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow={SITE_NAME}
      title="Forgot password?"
      description="Enter the address you sign in with. If it may sign in here, we'll mail you a link to choose a new password."
    >
      <Form method="post" className="space-y-5">
        <input type="hidden" name="intent" value="request" />
        {formError}
        <EmailField error={errors.email} />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <Loader2 aria-hidden className="animate-spin" /> : <Mail aria-hidden />}
          {submitting ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Remembered it?{" "}
        <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Reset password | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];
