import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { CheckCircle2, Loader2, Mail, MailWarning } from "lucide-react";
import type { Route } from "./+types/auth";
import { AuthShell } from "~/components/auth-shell";
import { EmailField } from "~/components/email-field";
import { PasswordInput } from "~/components/password-input";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { AUTH_TEXT, authModeFromSearch, PASSWORD_MIN_LENGTH } from "~/domain/auth/auth";
import { authFormSchema, firstErrors, resendVerificationSchema } from "~/domain/auth/auth-schemas";
import { PASSWORD_RESET_TEXT } from "~/domain/auth/password-reset";
import { SITE_NAME } from "~/domain/core/site";
import { useToastMessage } from "~/lib/toast";
import { getSessionUser } from "~/server/auth/access.server";
import { isEmailAllowed } from "~/server/auth/allow-list.server";
import { resendVerification, submitAuthForm } from "~/server/auth/auth-forms.server";
import { getDb } from "~/server/db/database.server";
import { newToast, withFlashToast } from "~/server/http/flash.server";
import { readPageForm } from "~/server/http/api.server";

export async function loader({ request }: Route.LoaderArgs) {
  // Someone already signed in and allowed goes straight to the dashboard.
  const user = await getSessionUser(request);
  if (user && (await isEmailAllowed(getDb(), user.email))) throw redirect("/admin");
  return null;
}

/** "Send a new verification link": the same answer whoever the address belongs to. */
async function resendAction(request: Request, form: Record<string, string>) {
  const parsed = resendVerificationSchema.safeParse(form);
  if (!parsed.success) {
    const message = Object.values(firstErrors(parsed.error))[0] ?? AUTH_TEXT.unexpectedDescription;
    return data(
      {
        ok: false as const,
        resend: "invalid" as const,
        email: form.email ?? "",
        message,
        fieldErrors: {} as Record<string, string>,
        toast: newToast("error", AUTH_TEXT.signInErrorTitle, message),
      },
      { status: 400 },
    );
  }
  const { email } = parsed.data;
  const outcome = await resendVerification(getDb(), request, email);
  if (outcome === "sent") {
    return {
      ok: false as const,
      resend: "sent" as const,
      email,
      message: AUTH_TEXT.verificationSent,
      fieldErrors: {} as Record<string, string>,
      toast: newToast("success", AUTH_TEXT.verificationSentTitle, AUTH_TEXT.verificationSent),
    };
  }
  const limited = outcome === "rate-limited";
  const title = limited ? AUTH_TEXT.verificationRateLimitedTitle : AUTH_TEXT.unexpectedTitle;
  const message = limited ? AUTH_TEXT.verificationRateLimited : AUTH_TEXT.unexpectedDescription;
  return data(
    {
      ok: false as const,
      resend: limited ? ("rate-limited" as const) : ("failed" as const),
      email,
      message,
      fieldErrors: {} as Record<string, string>,
      toast: newToast("error", title, message),
    },
    { status: limited ? 429 : 500 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readPageForm(request);
  if (form.intent === "resend-verification") return resendAction(request, form);
  const parsed = authFormSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error);
    const title = form.mode === "sign-up" ? AUTH_TEXT.signUpErrorTitle : AUTH_TEXT.signInErrorTitle;
    const message = Object.values(fieldErrors)[0] ?? AUTH_TEXT.unexpectedDescription;
    return data(
      { ok: false as const, message, fieldErrors, toast: newToast("error", title, message) },
      { status: 400 },
    );
  }

  const result = await submitAuthForm(request, parsed.data);
  if (result.ok && result.mode === "sign-in") {
    const toast = newToast(
      "success",
      AUTH_TEXT.signInSuccessTitle,
      AUTH_TEXT.signInSuccessDescription,
    );
    throw redirect("/admin", { headers: withFlashToast(toast, result.headers) });
  }
  if (result.ok) {
    return {
      ok: true as const,
      toast: newToast("success", AUTH_TEXT.signUpSuccessTitle, AUTH_TEXT.signUpSuccessDescription),
    };
  }
  return data(
    {
      ok: false as const,
      message: result.message,
      fieldErrors: {} as Record<string, string>,
      // Not a dead end: the page offers a new link for this address.
      notVerifiedEmail: result.notVerified ? parsed.data.email : undefined,
      toast: newToast("error", result.title, result.message),
    },
    { status: result.status },
  );
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const mode = authModeFromSearch(searchParams);
  const creating = mode === "sign-up";
  // After a password reset (routes/auth.reset-password.tsx).
  const passwordReset = !creating && searchParams.get("password-reset") === "done";
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") !== "resend-verification";
  useToastMessage(actionData?.toast);

  const fieldErrors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const resend = actionData && "resend" in actionData ? actionData : null;
  const notVerifiedEmail: string | undefined =
    actionData &&
    "notVerifiedEmail" in actionData &&
    typeof actionData.notVerifiedEmail === "string"
      ? actionData.notVerifiedEmail
      : undefined;
  // A verification link that failed (or worked, without signing in): from /auth/verified.
  const verification = searchParams.get("verification");
  const formError =
    actionData && !actionData.ok && !resend && !notVerifiedEmail
      ? Object.keys(actionData.fieldErrors).length === 0
        ? actionData.message
        : null
      : null;
  const offerResend =
    !creating && (notVerifiedEmail !== undefined || resend !== null || verification === "failed");

  if (creating && actionData?.ok) {
    return (
      <AuthShell eyebrow={SITE_NAME} title={AUTH_TEXT.signUpSuccessTitle}>
        <div className="flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-4 text-sm">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <p role="status">{AUTH_TEXT.signUpSuccessDescription}</p>
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Verified already?{" "}
          <Link to="/auth" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow={SITE_NAME}
      title={creating ? "Create Account" : "Sign In"}
      description={
        creating
          ? "Accounts are for the people on the site's team list. We'll send you an e-mail to confirm your address."
          : "Sign in to manage the site, the shop and the team."
      }
    >
      {offerResend && (
        <VerificationResend
          email={notVerifiedEmail ?? resend?.email ?? ""}
          explanation={
            verification === "failed" && !notVerifiedEmail && !resend
              ? AUTH_TEXT.verificationLinkFailed
              : AUTH_TEXT.notVerifiedExplanation
          }
          result={resend}
        />
      )}
      <Form method="post" className="space-y-5" aria-busy={submitting}>
        <input type="hidden" name="mode" value={mode} />
        {verification === "done" && !actionData && (
          <div className="flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-4 text-sm">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <p role="status">
              <span className="font-semibold">{AUTH_TEXT.verifiedTitle}.</span>{" "}
              {AUTH_TEXT.verifiedSignIn}
            </p>
          </div>
        )}
        {passwordReset && !actionData && (
          <div className="flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-4 text-sm">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <p role="status">
              <span className="font-semibold">{PASSWORD_RESET_TEXT.doneTitle}.</span>{" "}
              {PASSWORD_RESET_TEXT.doneDescription}
            </p>
          </div>
        )}
        {formError && (
          <p
            role="alert"
            className="rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm text-foreground"
          >
            {formError}
          </p>
        )}
        {creating && (
          <FormField id="fullName" label="Full name" error={fieldErrors.fullName}>
            {(field) => <Input {...field} name="fullName" autoComplete="name" required />}
          </FormField>
        )}
        <EmailField error={fieldErrors.email} />
        <FormField
          id="password"
          label="Password"
          error={fieldErrors.password}
          hint={creating ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        >
          {(field) => (
            <PasswordInput
              {...field}
              name="password"
              autoComplete={creating ? "new-password" : "current-password"}
              required
              minLength={creating ? PASSWORD_MIN_LENGTH : undefined}
            />
          )}
        </FormField>
        {!creating && (
          <p className="-mt-2 text-right text-sm">
            <Link
              to="/auth/reset-password"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting && <Loader2 aria-hidden className="animate-spin" />}
          {submitting
            ? creating
              ? "Creating account..."
              : "Signing in..."
            : creating
              ? "Create Account"
              : "Sign In"}
        </Button>
      </Form>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        {creating ? "Already have an account?" : "Don't have an account?"}{" "}
        <Link
          to={creating ? "/auth" : "/auth?mode=sign-up"}
          className="font-medium text-primary underline-offset-4 hover:underline"
          preventScrollReset
        >
          {creating ? "Sign in" : "Create one"}
        </Link>
      </p>
    </AuthShell>
  );
}

/**
 * "Email not verified" with a way on: a button that sends a new link to the address
 * (typed here when the page does not know it, after a link that failed).
 */
function VerificationResend({
  email,
  explanation,
  result,
}: {
  email: string;
  explanation: string;
  result: { resend: "sent" | "rate-limited" | "failed" | "invalid"; message: string } | null;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "resend-verification";
  return (
    <section
      aria-labelledby="verification-resend-title"
      className="mb-6 space-y-3 rounded-2xl border border-primary/40 bg-primary/5 p-4 text-sm"
    >
      <h2 id="verification-resend-title" className="flex items-center gap-2 font-semibold">
        <MailWarning aria-hidden className="size-4 text-primary" />
        {AUTH_TEXT.emailNotVerified}
      </h2>
      <p>{explanation}</p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="resend-verification" />
        {email ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <EmailField id="resend-email" />
        )}
        <Button type="submit" variant="outline" disabled={sending}>
          {sending ? <Loader2 aria-hidden className="animate-spin" /> : <Mail aria-hidden />}
          {sending ? AUTH_TEXT.resendingVerification : AUTH_TEXT.resendVerification}
        </Button>
      </Form>
      {result && (
        <p role={result.resend === "sent" ? "status" : "alert"} className="text-muted-foreground">
          {result.message}
        </p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Sign In | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];
