import { data, Form, Link, redirect, useNavigation } from "react-router";
import { KeyRound, Loader2 } from "lucide-react";
import type { Route } from "./+types/owner-setup";
import { AuthShell } from "~/components/auth-shell";
import { PasswordInput } from "~/components/password-input";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Label } from "~/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "~/domain/auth/auth";
import { firstErrors, ownerSetupSchema } from "~/domain/auth/auth-schemas";
import { SITE_NAME } from "~/domain/core/site";
import { useToastMessage } from "~/lib/toast";
import { getAuth } from "~/server/auth/auth.server";
import { submitAuthForm } from "~/server/auth/auth-forms.server";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { newToast, withFlashToast } from "~/server/http/flash.server";
import { logger } from "~/server/core/logger.server";
import {
  completeOwnerSetup,
  findOwnerSetup,
  OwnerSetupError,
} from "~/server/auth/owner-setup.server";
import { readPageForm } from "~/server/http/api.server";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const setup = await findOwnerSetup(getDb(), token, getEnv().ADMIN_EMAIL);
  return setup ? { valid: true as const, email: setup.email, token } : { valid: false as const };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = ownerSetupSchema.safeParse(await readPageForm(request));
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error);
    return data(
      {
        fieldErrors,
        toast: newToast(
          "error",
          "Error",
          Object.values(fieldErrors)[0] ?? "Please check the form.",
        ),
      },
      { status: 400 },
    );
  }
  const env = getEnv();
  try {
    await completeOwnerSetup(getDb(), getAuth(), { ...parsed.data, adminEmail: env.ADMIN_EMAIL });
  } catch (error) {
    if (!(error instanceof OwnerSetupError)) throw error;
    return data(
      { fieldErrors: { form: error.message }, toast: newToast("error", "Error", error.message) },
      { status: 400 },
    );
  }
  logger.info({ email: env.ADMIN_EMAIL }, "Owner account set up with the one-time link");

  // Sign in the way the form does, so the session cookie is Better Auth's own.
  const signIn = await submitAuthForm(request, {
    mode: "sign-in",
    email: env.ADMIN_EMAIL,
    password: parsed.data.password,
  });
  if (!signIn.ok || signIn.mode !== "sign-in") {
    throw redirect("/auth");
  }
  const toast = newToast("success", "Password set", `You are signed in as ${env.ADMIN_EMAIL}.`);
  throw redirect("/admin", { headers: withFlashToast(toast, signIn.headers) });
}

export default function OwnerSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  useToastMessage(actionData?.toast);
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};

  if (!loaderData.valid) {
    return (
      <AuthShell
        eyebrow="Owner set-up"
        title="This link can't be used"
        description="The set-up link is invalid, has expired or has already been used."
      >
        <p className="text-sm leading-relaxed text-muted-foreground">
          While the owner has no account yet, the server prints a fresh link to its log every time
          it starts. If the account is already set up, sign in instead.
        </p>
        <Link
          to="/auth"
          className="mt-8 inline-flex font-medium text-primary underline-offset-4 hover:underline"
        >
          Go to sign in
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow="Owner set-up"
      title="Choose your password"
      description={
        <>
          This one-time link sets up the owner account for{" "}
          <strong className="text-foreground">{loaderData.email}</strong> and signs you in.
        </>
      }
    >
      <Form method="post" className="space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        {errors.form && (
          <p
            role="alert"
            className="rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
          >
            {errors.form}
          </p>
        )}
        <div className="space-y-2">
          <Label htmlFor="owner-email">Email</Label>
          <Input id="owner-email" value={loaderData.email} readOnly autoComplete="username" />
        </div>
        <FormField id="fullName" label="Full name" error={errors.fullName}>
          {(field) => <Input {...field} name="fullName" autoComplete="name" required />}
        </FormField>
        <FormField id="password" label="New password" error={errors.password}>
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
        <FormField id="confirmPassword" label="Repeat the password" error={errors.confirmPassword}>
          {(field) => (
            <PasswordInput {...field} name="confirmPassword" autoComplete="new-password" required />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <Loader2 aria-hidden className="animate-spin" /> : <KeyRound aria-hidden />}
          {submitting ? "Saving..." : "Set password and sign in"}
        </Button>
      </Form>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Owner set-up | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];
