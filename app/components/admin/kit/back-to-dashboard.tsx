import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export function BackToDashboard({ className }: { className?: string }) {
  return (
    <Link
      to="/admin"
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), "w-fit", className)}
    >
      <ArrowLeft aria-hidden /> Back to Dashboard
    </Link>
  );
}
