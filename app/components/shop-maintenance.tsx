import { Link } from "react-router";
import { Home, Wrench } from "lucide-react";
import { buttonVariants } from "./ui/button";
import { NewsletterForm } from "./newsletter-form";

/**
 * The shop while maintenance mode is on (public-site spec §2 "Shop"): the stored
 * message, a newsletter sign-up, a note to contact for assistance and Return to Home.
 */
export function ShopMaintenance({
  message,
  homeHref = "/",
}: {
  message: string;
  /** "/home" on the artist's production host, where "/" redirects to /loe. */
  homeHref?: string;
}) {
  return (
    <section className="relative isolate flex min-h-[80svh] items-center justify-center px-5 pb-20 pt-32 sm:px-8">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.18),transparent_60%)]"
      />
      <div className="animate-slide-up mx-auto max-w-2xl text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/30">
          <Wrench aria-hidden className="size-7" />
        </span>
        <h1 className="mt-8 text-4xl leading-tight sm:text-5xl md:text-6xl">
          Shop Under Maintenance
        </h1>
        <p
          data-testid="maintenance-message"
          className="mx-auto mt-6 max-w-xl font-display text-xl italic leading-relaxed text-foreground/90"
        >
          {message}
        </p>

        <div
          className="mx-auto mt-12 max-w-lg rounded-3xl border border-border/70 bg-card/80 p-6 text-left shadow-xl shadow-black/30 sm:p-8"
          data-testid="maintenance-newsletter"
        >
          <NewsletterForm
            heading="Hear when the shop reopens"
            description="New releases, sheet music and tour dates, straight to your inbox."
          />
        </div>

        <p className="mx-auto mt-10 max-w-md text-sm leading-relaxed text-muted-foreground">
          Need help with an order or a download in the meantime?{" "}
          <Link to="/contact" className="text-primary underline-offset-4 hover:underline">
            Contact us
          </Link>{" "}
          and we&apos;ll be glad to assist.
        </p>
        <Link to={homeHref} className={buttonVariants({ size: "lg", className: "mt-10" })}>
          <Home aria-hidden /> Return to Home
        </Link>
      </div>
    </section>
  );
}
