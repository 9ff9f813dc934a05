import { Form, Link, useNavigation } from "react-router";
import { CheckCircle2, MailX } from "lucide-react";
import type { Route } from "./+types/newsletter.unsubscribe";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonVariants } from "~/components/ui/button";
import { maskEmail } from "~/domain/audience/newsletter/signup";
import { pageTitle } from "~/domain/pages/seo";
import { getDb } from "~/server/db/database.server";
import { findSubscription, unsubscribe } from "~/server/audience/newsletter.server";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** GET shows what will happen; nothing changes until the visitor confirms. */
export async function loader({ request }: Route.LoaderArgs) {
  const subscription = await findSubscription(getDb(), tokenOf(request));
  return {
    state: subscription ? subscription.status : ("unknown" as const),
    email: subscription ? maskEmail(subscription.email) : null,
  };
}

/**
 * POST unsubscribes: the confirm button here, and the one-click POST that mail
 * programs send for List-Unsubscribe-Post (RFC 8058). It needs no cookie or session,
 * only the token in the URL.
 */
export async function action({ request }: Route.ActionArgs) {
  const result = await unsubscribe(getDb(), tokenOf(request));
  return { done: result !== null };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A bounced address is suppressed as well: for its holder, it is off the list.
  const unsubscribed =
    actionData?.done || loaderData.state === "unsubscribed" || loaderData.state === "bounced";
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 pb-24 pt-36 text-center">
      {loaderData.state === "unknown" ? (
        <>
          <MailX aria-hidden className="size-10 text-primary" />
          <h1 className="mt-6 text-3xl sm:text-4xl">This link is not valid</h1>
          <p className="mt-4 text-muted-foreground">
            The unsubscribe link may be incomplete or out of date. Use the link in the most recent
            newsletter mail, or write to us through the contact page.
          </p>
          <Link to="/contact" className={buttonVariants({ className: "mt-10" })}>
            Contact
          </Link>
        </>
      ) : unsubscribed ? (
        <>
          <CheckCircle2 aria-hidden className="size-10 text-primary" />
          <h1 className="mt-6 text-3xl sm:text-4xl">You're unsubscribed</h1>
          <p className="mt-4 text-muted-foreground" role="status">
            {loaderData.email} will not receive the newsletter any more.
          </p>
          <Link to="/" className={buttonVariants({ className: "mt-10" })}>
            Return to Home
          </Link>
        </>
      ) : (
        <>
          <MailX aria-hidden className="size-10 text-primary" />
          <h1 className="mt-6 text-3xl sm:text-4xl">Unsubscribe from the newsletter?</h1>
          <p className="mt-4 text-muted-foreground">
            {loaderData.email} will no longer receive tour dates and news.
          </p>
          <Form method="post" className="mt-10">
            <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Unsubscribing…" : "Unsubscribe"}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Newsletter") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
