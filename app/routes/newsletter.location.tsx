import { Form, Link, useNavigation } from "react-router";
import { MapPin, MailX } from "lucide-react";
import type { Route } from "./+types/newsletter.location";
import { CityPicker } from "~/components/city-picker";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonVariants } from "~/components/ui/button";
import { LOCATION_TEXT } from "~/domain/audience/newsletter/signup";
import { pageTitle } from "~/domain/pages/seo";
import { getDb } from "~/server/db/database.server";
import {
  findSubscription,
  postedLocation,
  setSubscriberLocation,
} from "~/server/audience/newsletter.server";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** The link in every mail: the subscriber's city, to change or remove (issue 22). */
export async function loader({ request }: Route.LoaderArgs) {
  const subscription = await findSubscription(getDb(), tokenOf(request));
  return { valid: subscription !== null, city: subscription?.city ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "remove") {
    const result = await setSubscriberLocation(getDb(), tokenOf(request), null);
    return { outcome: result ? ("removed" as const) : ("invalid" as const) };
  }
  const location = postedLocation({ cityId: form?.get("cityId") });
  if (!location) return { outcome: "pick" as const };
  const result = await setSubscriberLocation(getDb(), tokenOf(request), location);
  return { outcome: result ? ("saved" as const) : ("invalid" as const) };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function LocationPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (!loaderData.valid || actionData?.outcome === "invalid") {
    return (
      <section className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 pb-24 pt-36 text-center">
        <MailX aria-hidden className="size-10 text-primary" />
        <h1 className="mt-6 text-3xl sm:text-4xl">{LOCATION_TEXT.invalidTitle}</h1>
        <p className="mt-4 text-muted-foreground">{LOCATION_TEXT.invalid}</p>
        <Link to="/" className={buttonVariants({ className: "mt-10" })}>
          Return to Home
        </Link>
      </section>
    );
  }
  const message =
    actionData?.outcome === "saved"
      ? LOCATION_TEXT.saved
      : actionData?.outcome === "removed"
        ? LOCATION_TEXT.removed
        : null;
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 pb-24 pt-36 text-center">
      <MapPin aria-hidden className="size-10 text-primary" />
      <h1 className="mt-6 text-3xl sm:text-4xl">{LOCATION_TEXT.title}</h1>
      <p className="mt-4 text-muted-foreground">{LOCATION_TEXT.intro}</p>
      <p className="mt-6 font-medium text-foreground" data-testid="current-city">
        {loaderData.city ? LOCATION_TEXT.current(loaderData.city) : LOCATION_TEXT.none}
      </p>
      {message && (
        <p role="status" className="mt-2 text-sm text-primary">
          {message}
        </p>
      )}
      <Form method="post" className="mt-8 flex w-full max-w-sm flex-col gap-4 text-left">
        <CityPicker
          key={loaderData.city ?? "none"}
          label={LOCATION_TEXT.cityLabel}
          idName="cityId"
          hint={actionData?.outcome === "pick" ? LOCATION_TEXT.pickFromList : undefined}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            {LOCATION_TEXT.save}
          </Button>
          {loaderData.city && (
            <Button type="submit" name="intent" value="remove" variant="outline" disabled={busy}>
              {LOCATION_TEXT.remove}
            </Button>
          )}
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Newsletter") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
