import { data, Link } from "react-router";
import { CircleSlash, Clock, Download, Mail, ShoppingBag, Unlink } from "lucide-react";
import type { Route } from "./+types/download";
import { buttonVariants } from "~/components/ui/button";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { DownloadTokenState } from "~/domain/shop/downloads/downloads";
import { SITE_NAME } from "~/domain/core/site";
import { getDb } from "~/server/db/database.server";
import { findDownload } from "~/server/shop/downloads.server";

/**
 * A download link the server did not stream (server.ts serves valid links itself):
 * unknown, expired or used up. Nothing here counts a download.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const lookup = await findDownload(getDb(), params.token);
  const state: DownloadTokenState | "invalid" = lookup?.state ?? "invalid";
  return data(
    {
      state,
      token: state === "valid" ? params.token : null,
      title: lookup?.title ?? null,
      downloadLimit: lookup?.downloadLimit ?? null,
      expiresAt: lookup?.expiresAt.toISOString() ?? null,
    },
    {
      status: state === "invalid" ? 404 : state === "valid" ? 200 : 410,
      headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));

export default function DownloadLinkPage({ loaderData }: Route.ComponentProps) {
  const { state, title, downloadLimit, expiresAt, token } = loaderData;
  const item = title ? `“${title}”` : "this file";

  const copies: Record<
    DownloadTokenState | "invalid",
    { icon: typeof Download; heading: string; body: string }
  > = {
    "used-up": {
      icon: CircleSlash,
      heading: "This download link has been used up",
      body: `You have downloaded ${item} ${downloadLimit} of ${downloadLimit} times, the most this link allows.`,
    },
    expired: {
      icon: Clock,
      heading: "This download link has expired",
      body: `The link for ${item} worked until ${expiresAt ? formatDate(expiresAt) : "its expiry date"}.`,
    },
    invalid: {
      icon: Unlink,
      heading: "This download link is not valid",
      body: "It may be mistyped, or it was replaced by newer links. Links of a refunded order stop working too.",
    },
    valid: {
      icon: Download,
      heading: "Your download is ready",
      body: `Your copy of ${item} is waiting.`,
    },
  };
  const copy = copies[state];
  const Icon = copy.icon;

  return (
    <section className="relative isolate px-5 pb-24 pt-32 sm:px-8 sm:pt-40">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.14),transparent_65%)]"
      />
      <div className="animate-fade-in mx-auto max-w-xl rounded-3xl border border-border bg-card px-6 py-10 text-center shadow-2xl shadow-black/40 sm:px-12 sm:py-14">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full border border-primary/40 bg-primary/10 text-primary">
          <Icon aria-hidden className="size-7" />
        </div>
        <p className="mt-8 text-xs font-semibold uppercase tracking-[0.3em] text-primary">
          Downloads
        </p>
        <h1 className="mt-3 text-3xl leading-tight sm:text-4xl">{copy.heading}</h1>
        <p className="mx-auto mt-5 max-w-md leading-relaxed text-muted-foreground">{copy.body}</p>

        {state === "valid" && token ? (
          <div className="mt-10 flex justify-center">
            <a href={`/download/${token}`} className={buttonVariants({ size: "lg" })} download>
              <Download aria-hidden /> Download
            </a>
          </div>
        ) : (
          <>
            <p className="mx-auto mt-4 max-w-md leading-relaxed text-muted-foreground">
              Bought it with us? We can e-mail fresh links to the address you used at checkout.
            </p>
            <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              <Link to="/downloads/recover" className={buttonVariants({ size: "lg" })}>
                <Mail aria-hidden /> Get fresh links
              </Link>
              <Link to="/shop" className={buttonVariants({ variant: "outline", size: "lg" })}>
                <ShoppingBag aria-hidden /> Back to the shop
              </Link>
            </div>
          </>
        )}
        <p className="mt-10 border-t border-border/60 pt-6 text-sm text-muted-foreground">
          Something not right?{" "}
          <Link
            to="/contact"
            className="text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            Contact us
          </Link>{" "}
          and we will sort it out.
        </p>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${data?.state === "valid" ? "Your download" : "Download link unavailable"} | ${SITE_NAME}`,
  },
  { name: "robots", content: "noindex" },
  // The token is in the address: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export const ErrorBoundary = RouteErrorBoundary;
