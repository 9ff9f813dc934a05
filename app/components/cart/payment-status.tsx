import { AlertCircle, Loader2, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

/** A spinner with a spoken label, for every wait in checkout. */
export function Processing({ label }: { label: string }) {
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-3 py-6 text-sm text-muted-foreground"
    >
      <Loader2 aria-hidden className="size-5 animate-spin text-primary" />
      {label}
    </p>
  );
}

/** A boxed message in checkout: an error state, or a plain notice. */
export function PaymentNotice({
  title,
  tone = "info",
  icon: Icon = AlertCircle,
  children,
  className,
}: {
  title: string;
  tone?: "info" | "error";
  icon?: LucideIcon;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className={cn(
        "flex gap-3 rounded-2xl border p-4 text-sm leading-relaxed",
        tone === "error"
          ? "border-destructive/50 bg-destructive/10"
          : "border-primary/30 bg-primary/5",
        className,
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          "mt-0.5 size-5 shrink-0",
          tone === "error" ? "text-destructive" : "text-primary",
        )}
      />
      <div className="min-w-0 text-muted-foreground">
        <p className="font-semibold text-foreground">{title}</p>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

export interface PaymentFailureInfo {
  /** The provider's order id, which the buyer quotes to support. */
  orderId: string;
  /** What the server said: declined, refunded because it sold out, still processing … */
  message: string;
}

/** Beside the "Payment Processing Error" toast: the server's reason and a reference. */
export function PaymentFailure({ orderId, message }: PaymentFailureInfo) {
  return (
    <PaymentNotice tone="error" title="Your payment was not completed">
      <p data-testid="payment-failure-reason">{message}</p>
      <p className="mt-2">
        Your cart is still saved. Reference:{" "}
        <span className="break-all font-mono text-foreground">{orderId}</span>
      </p>
    </PaymentNotice>
  );
}
