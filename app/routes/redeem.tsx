import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CheckCircle2, Clock, Gift, KeyRound, Loader2, Mail } from "lucide-react";
import type { Route } from "./+types/redeem";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  readDownloadCode,
  REDEEM_MESSAGES,
  REDEEM_PATH,
  redeemEmailSchema,
} from "~/domain/shop/downloads/download-code";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { getDb } from "~/server/db/database.server";
import { redeemDownloadCode } from "~/server/shop/download-codes.server";
import { getEnv } from "~/server/core/env.server";
import { readPageForm } from "~/server/http/api.server";

type FieldErrors = { code?: string; email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const code = (form.code ?? "").slice(0, 64);
  const email = (form.email ?? "").slice(0, 254);
  const errors: FieldErrors = {};
  const parsedEmail = redeemEmailSchema.safeParse({ email: form.email ?? "" });
  if (!parsedEmail.success) errors.email = parsedEmail.error.issues[0]!.message;
  const reading = readDownloadCode(form.code ?? "");
  if (!reading.ok && reading.message === REDEEM_MESSAGES.codeRequired)
    errors.code = reading.message;
  if (errors.code || errors.email) {
    return data(
      { status: "invalid" as const, code, email, errors, formError: null },
      { status: 400 },
    );
  }
  const result = await redeemDownloadCode(
    getDb(),
    { code: form.code ?? "", email: parsedEmail.data!.email, clientAddress: context.clientAddress },
    { siteUrl: getEnv().SITE_URL },
  );
  if (result.status === "limited") {
    return data(
      { status: "invalid" as const, code, email, errors: {}, formError: result.message },
      { status: 429 },
    );
  }
  if (result.status === "refused") {
    return data(
      {
        status: "invalid" as const,
        code,
        email,
        errors: result.field === "code" ? { code: result.message } : {},
        formError: result.field === "form" ? result.message : null,
      },
      { status: result.field === "code" ? 400 : 409 },
    );
  }
  return { status: "sent" as const, code: "", email: result.email, errors: {}, formError: null };
}

const HINTS = [
  { icon: KeyRound, text: "Spaces, dashes and small letters in the code are fine." },
  { icon: Clock, text: "Each link works a limited number of times, for a limited time." },
  { icon: Gift, text: "Each code works once. Keep the e-mail: it holds your links." },
];

const inputClass =
  "h-12 w-full rounded-full border border-border bg-background pl-11 pr-4 text-base text-foreground placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive";

export default function RedeemPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = clientErrors ?? actionData?.errors ?? {};
  const formError = clientErrors ? null : (actionData?.formError ?? null);

  return (
    <section className="relative isolate px-5 pb-24 pt-32 sm:px-8 sm:pt-40">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.14),transparent_65%)]"
      />
      <div className="mx-auto max-w-xl">
        <header className="animate-fade-in text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-primary">
            Download codes
          </p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">Redeem your code</h1>
          <p className="mx-auto mt-5 max-w-md leading-relaxed text-muted-foreground">
            Got a download card with a record or at a concert? Enter its code and your e-mail
            address, and we will send you the download links.
          </p>
        </header>

        <div className="mt-10 rounded-3xl border border-border bg-card px-6 py-8 shadow-2xl shadow-black/40 sm:px-10 sm:py-10">
          {actionData?.status === "sent" ? (
            <div role="status" className="text-center">
              <div className="mx-auto flex size-14 items-center justify-center rounded-full border border-primary/40 bg-primary/10 text-primary">
                <CheckCircle2 aria-hidden className="size-7" />
              </div>
              <h2 className="mt-6 text-2xl">Check your inbox</h2>
              <p className="mt-3 leading-relaxed text-muted-foreground">
                {REDEEM_MESSAGES.sent(actionData.email)}
              </p>
              <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
                <Link to="/shop" className={buttonVariants()}>
                  Visit the shop
                </Link>
                <Link
                  to={REDEEM_PATH}
                  reloadDocument
                  className={buttonVariants({ variant: "outline" })}
                >
                  Redeem another code
                </Link>
              </div>
            </div>
          ) : (
            <Form
              method="post"
              noValidate
              onSubmit={(event) => {
                const form = new FormData(event.currentTarget);
                const next: FieldErrors = {};
                const code = readDownloadCode(String(form.get("code") ?? ""));
                if (!code.ok) next.code = code.message;
                const email = redeemEmailSchema.safeParse({
                  email: String(form.get("email") ?? ""),
                });
                if (!email.success) next.email = email.error.issues[0]!.message;
                const invalid = Boolean(next.code || next.email);
                setClientErrors(invalid ? next : null);
                if (invalid) event.preventDefault();
              }}
            >
              {formError && (
                <p
                  role="alert"
                  className="mb-6 rounded-2xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm text-foreground"
                >
                  {formError}
                </p>
              )}
              <label htmlFor="redeem-code" className="block text-sm font-medium">
                Download code
              </label>
              <div className="relative mt-2">
                <KeyRound
                  aria-hidden
                  className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <input
                  id="redeem-code"
                  name="code"
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={64}
                  placeholder="XXXX-XXXX-XXXX"
                  defaultValue={actionData?.code ?? ""}
                  aria-invalid={errors.code ? true : undefined}
                  aria-describedby={errors.code ? "redeem-code-error" : "redeem-code-help"}
                  onChange={() =>
                    clientErrors?.code && setClientErrors({ ...clientErrors, code: undefined })
                  }
                  className={`${inputClass} font-mono uppercase tracking-[0.15em] placeholder:tracking-[0.15em]`}
                />
              </div>
              {errors.code ? (
                <p id="redeem-code-error" className="mt-2 text-sm text-destructive">
                  {errors.code}
                </p>
              ) : (
                <p id="redeem-code-help" className="mt-2 text-sm text-muted-foreground">
                  The twelve letters and digits on your card.
                </p>
              )}

              <label htmlFor="redeem-email" className="mt-6 block text-sm font-medium">
                E-mail address
              </label>
              <div className="relative mt-2">
                <Mail
                  aria-hidden
                  className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <input
                  id="redeem-email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  defaultValue={actionData?.email ?? ""}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? "redeem-email-error" : "redeem-email-help"}
                  onChange={() =>
                    clientErrors?.email && setClientErrors({ ...clientErrors, email: undefined })
                  }
                  className={inputClass}
                />
              </div>
              {errors.email ? (
                <p id="redeem-email-error" className="mt-2 text-sm text-destructive">
                  {errors.email}
                </p>
              ) : (
                <p id="redeem-email-help" className="mt-2 text-sm text-muted-foreground">
                  We send the download links to this address.
                </p>
              )}
              <Button type="submit" size="lg" className="mt-6 w-full" disabled={submitting}>
                {submitting ? (
                  <>
                    <Loader2 aria-hidden className="animate-spin" /> Redeeming…
                  </>
                ) : (
                  <>
                    <Gift aria-hidden /> Redeem and send my links
                  </>
                )}
              </Button>
            </Form>
          )}
        </div>

        <ul className="mt-10 space-y-4">
          {HINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-sm text-muted-foreground">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    siteUrl: siteMetaData(matches).siteUrl,
    title: pageTitle("Redeem a download code"),
    description:
      "Redeem the download code from your record or download card and get the music by e-mail.",
    path: REDEEM_PATH,
    noIndex: true,
  });

export const ErrorBoundary = RouteErrorBoundary;
