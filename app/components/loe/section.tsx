import { Component, type ErrorInfo, type ReactNode } from "react";
import { AlertTriangle, RotateCcw } from "lucide-react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export function SectionHeading({
  eyebrow,
  title,
  id,
  children,
}: {
  eyebrow: string;
  title: string;
  id: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-primary">{eyebrow}</p>
        <h2 id={id} className="mt-3 text-3xl sm:text-4xl">
          {title}
        </h2>
      </div>
      {children}
    </div>
  );
}

/** A section's own message (load failure or empty state), with an optional Retry. */
export function SectionMessage({
  title,
  children,
  onRetry,
  tone = "neutral",
  className,
}: {
  title?: string;
  children?: ReactNode;
  onRetry?: () => void;
  tone?: "neutral" | "error";
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex flex-col items-center rounded-2xl border px-6 py-12 text-center",
        tone === "error" ? "border-destructive/40 bg-destructive/5" : "border-border bg-card",
        className,
      )}
    >
      {tone === "error" && <AlertTriangle aria-hidden className="mb-4 size-8 text-destructive" />}
      {title && <h3 className="text-xl">{title}</h3>}
      {children && <div className="mt-2 max-w-md text-muted-foreground">{children}</div>}
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-6" onClick={onRetry}>
          <RotateCcw aria-hidden /> Retry
        </Button>
      )}
    </div>
  );
}

interface BoundaryProps {
  /** What to show instead of the section when it throws while rendering. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Keeps a rendering error in the browser inside one section. (Failed reads never
 * throw: they arrive as the section's own message.) Each section is hydrated on its
 * own (HydrateLater: nothing in it suspends on the server, so it is sent in place).
 */
export class SectionBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn("LOE section failed to render", error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) return this.props.fallback(this.reset);
    return <HydrateLater>{this.props.children}</HydrateLater>;
  }
}
