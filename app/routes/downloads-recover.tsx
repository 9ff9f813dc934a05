import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CheckCircle2, Clock, FileText, Loader2, Mail, ShieldCheck } from "lucide-react";
import type { Route } from "./+types/downloads-recover";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { RECOVERY_MESSAGES, recoverLinksSchema } from "~/domain/shop/downloads/download-recovery";
import { SITE_NAME } from "~/domain/core/site";
import { getDb } from "~/server/db/database.server";
import { requestDownloadRecovery } from "~/server/shop/download-recovery.server";
import { getEnv } from "~/server/core/env.server";
import { readPageForm } from "~/server/http/api.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  const email = form.email ?? "";
  const parsed = recoverLinksSchema.safeParse({ email });
  if (!parsed.success) {
    return data(
      { status: "invalid" as const, email, error: parsed.error.issues[0]!.message },
      { status: 400 },
    );
  }
  const result = await requestDownloadRecovery(
    getDb(),
    { email: parsed.data.email, clientAddress: context.clientAddress },
    { siteUrl: getEnv().SITE_URL },
  );
  if (result === "client-limited") {
    return data(
      { status: "limited" as const, email, error: RECOVERY_MESSAGES.tooMany },
      { status: 429 },
    );
  }
  // "sent" and "email-limited" look the same: the page never tells who has orders.
  return { status: "sent" as const, email: parsed.data.email, error: null };
}

const HINTS = [
  { icon: Clock, text: "Each link works a limited number of times, for a limited time." },
  { icon: ShieldCheck, text: "Asking for new links switches the old ones off." },
  { icon: FileText, text: "Every PDF is licensed to you and carries your e-mail address." },
];

export default function RecoverDownloadsPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = actionData?.status === "invalid" ? actionData.error : null;
  const fieldError = clientError ?? serverError;
  const limited = actionData?.status === "limited" ? actionData.error : null;

  return (
    <section className="relative isolate px-5 pb-24 pt-32 sm:px-8 sm:pt-40">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.14),transparent_65%)]"
      />
      <div className="mx-auto max-w-xl">
        <header className="animate-fade-in text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-primary">Downloads</p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">Lost your download links?</h1>
          <p className="mx-auto mt-5 max-w-md leading-relaxed text-muted-foreground">
            Enter the e-mail address you used at checkout and we will send fresh links for every
            download you bought with it.
          </p>
        </header>

        <div className="mt-10 rounded-3xl border border-border bg-card px-6 py-8 shadow-2xl shadow-black/40 sm:px-10 sm:py-10">
          {actionData?.status === "sent" ? (
            <div role="status" className="text-center">
              <div className="mx-auto flex size-14 items-center justify-center rounded-full border border-primary/40 bg-primary/10 text-primary">
                <CheckCircle2 aria-hidden className="size-7" />
              </div>
              <h2 className="mt-6 text-2xl">Check your inbox</h2>
              <p className="mt-3 leading-relaxed text-muted-foreground">{RECOVERY_MESSAGES.sent}</p>
              <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
                <Link to="/shop" className={buttonVariants()}>
                  Back to the shop
                </Link>
                <Link
                  to="/downloads/recover"
                  reloadDocument
                  className={buttonVariants({ variant: "outline" })}
                >
                  Use another address
                </Link>
              </div>
            </div>
          ) : (
            <Form
              method="post"
              noValidate
              onSubmit={(event) => {
                const email = new FormData(event.currentTarget).get("email");
                const check = recoverLinksSchema.safeParse({ email: String(email ?? "") });
                setClientError(check.success ? null : check.error.issues[0]!.message);
                if (!check.success) event.preventDefault();
              }}
            >
              {limited && (
                <p
                  role="alert"
                  className="mb-6 rounded-2xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm text-foreground"
                >
                  {limited}
                </p>
              )}
              <label htmlFor="recover-email" className="block text-sm font-medium">
                E-mail address
              </label>
              <div className="relative mt-2">
                <Mail
                  aria-hidden
                  className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <input
                  id="recover-email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  defaultValue={actionData?.email ?? ""}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? "recover-email-error" : "recover-email-help"}
                  onChange={() => clientError && setClientError(null)}
                  className="h-12 w-full rounded-full border border-border bg-background pl-11 pr-4 text-base text-foreground placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive"
                />
              </div>
              {fieldError ? (
                <p id="recover-email-error" className="mt-2 text-sm text-destructive">
                  {fieldError}
                </p>
              ) : (
                <p id="recover-email-help" className="mt-2 text-sm text-muted-foreground">
                  We only send links to this address, never show them here.
                </p>
              )}
              <Button type="submit" size="lg" className="mt-6 w-full" disabled={submitting}>
                {submitting ? (
                  <>
                    <Loader2 aria-hidden className="animate-spin" /> Sending…
                  </>
                ) : (
                  <>
                    <Mail aria-hidden /> Send fresh links
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

export const meta: Route.MetaFunction = () => [
  { title: `Lost your download links? | ${SITE_NAME}` },
  {
    name: "description",
    content: "Get fresh download links for your sheet-music purchases, sent by e-mail.",
  },
];

export const ErrorBoundary = RouteErrorBoundary;
