import { Form, useNavigation } from "react-router";
import { CheckCircle2, MailCheck, MailX } from "lucide-react";
import type { Route } from "./+types/newsletter.confirm";
import { NewsletterForm } from "~/components/newsletter-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { CONFIRM_TEXT, maskEmail } from "~/domain/audience/newsletter/signup";
import { pageTitle } from "~/domain/pages/seo";
import { getDb } from "~/server/db/database.server";
import {
  confirmSubscription,
  findConfirmation,
  postedLocation,
} from "~/server/audience/newsletter.server";
import { CityPicker } from "~/components/city-picker";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * GET only shows the question: mail scanners open every link, so nothing is confirmed
 * until the person presses the button (docs/decisions/036).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const found = await findConfirmation(getDb(), tokenOf(request));
  return found.state === "valid"
    ? { state: "valid" as const, email: maskEmail(found.email), city: found.city }
    : { state: "invalid" as const, email: null, city: null };
}

/** POST spends the single-use link and subscribes the address, with the city if one was picked. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const location = postedLocation({ cityId: form?.get("cityId") });
  const result = await confirmSubscription(getDb(), tokenOf(request), new Date(), location);
  return result.state === "confirmed"
    ? { state: "confirmed" as const, email: maskEmail(result.email) }
    : { state: "invalid" as const, email: null };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function ConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const shown = actionData ?? loaderData;
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 pb-24 pt-36 text-center">
      {shown.state === "confirmed" ? (
        <>
          <CheckCircle2 aria-hidden className="size-10 text-primary" />
          <h1 className="mt-6 text-3xl sm:text-4xl">{CONFIRM_TEXT.confirmedTitle}</h1>
          <p className="mt-4 text-muted-foreground" role="status">
            {CONFIRM_TEXT.confirmed(shown.email)}
          </p>
        </>
      ) : shown.state === "valid" ? (
        <>
          <MailCheck aria-hidden className="size-10 text-primary" />
          <h1 className="mt-6 text-3xl sm:text-4xl">{CONFIRM_TEXT.askTitle}</h1>
          <p className="mt-4 text-muted-foreground">{CONFIRM_TEXT.ask(shown.email)}</p>
          <Form method="post" className="mt-10 flex w-full flex-col items-center gap-8">
            <CityPicker
              label={CONFIRM_TEXT.cityLabel}
              idName="cityId"
              defaultText={shown.city ?? undefined}
              hint={CONFIRM_TEXT.cityHint}
              className="w-full max-w-sm text-left"
            />
            <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting"
                ? CONFIRM_TEXT.confirmingButton
                : CONFIRM_TEXT.confirmButton}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <MailX aria-hidden className="size-10 text-primary" />
          <h1 className="mt-6 text-3xl sm:text-4xl">{CONFIRM_TEXT.invalidTitle}</h1>
          <p className="mt-4 text-muted-foreground">{CONFIRM_TEXT.invalid}</p>
          <NewsletterForm className="mt-10 text-left" />
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
