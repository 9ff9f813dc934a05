import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { ArrowLeft, Home } from "lucide-react";
import { Button, buttonVariants } from "./ui/button";

export function NotFound() {
  const navigate = useNavigate();
  // Where the navigation's Home goes: /home on the production domain, whose / is /loe.
  const layout = useRouteLoaderData("routes/public-layout") as { homeHref?: string } | undefined;
  const homeHref = layout?.homeHref ?? "/";
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center px-6 py-24 text-center">
      <p className="font-display text-7xl text-gold-gradient sm:text-8xl">404</p>
      <h1 className="mt-6 text-3xl sm:text-4xl">This page took an unexpected solo</h1>
      <p className="mt-4 max-w-md text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <Link to={homeHref} className={buttonVariants()}>
          <Home aria-hidden /> Go Home
        </Link>
        <Button variant="outline" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden /> Go Back
        </Button>
      </div>
    </section>
  );
}
