/**
 * The frame of a back-office screen: Back to Dashboard, the page header, an optional
 * primary action (the "Add …" button) and the content.
 */
import { useId } from "react";
import { Plus } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useToastMessage, type ToastMessage } from "~/lib/toast";
import { AdminPageHeader } from "./admin-page-header";
import { BackToDashboard } from "./back-to-dashboard";

export interface AdminScreenProps {
  title: string;
  description?: React.ReactNode;
  /** The primary action beside the title, e.g. <AddButton onClick={openAdd}>Add Media Item</AddButton>. */
  primaryAction?: React.ReactNode;
  /** Leave out the Back to Dashboard link (the dashboard itself). */
  hideBackLink?: boolean;
  /** Toasts from the loader (a part that could not be read), each shown once. */
  toasts?: readonly (ToastMessage | null | undefined)[];
  className?: string;
  children: React.ReactNode;
}

export function AdminScreen({
  title,
  description,
  primaryAction,
  hideBackLink = false,
  toasts = [],
  className,
  children,
}: AdminScreenProps) {
  return (
    <div data-slot="admin-screen" className={cn("space-y-10", className)}>
      {toasts.map((toast) => toast && <LoaderToast key={toast.id} toast={toast} />)}
      {!hideBackLink && <BackToDashboard />}
      <AdminPageHeader title={title} description={description} actions={primaryAction} />
      {children}
    </div>
  );
}

function LoaderToast({ toast }: { toast: ToastMessage }) {
  useToastMessage(toast);
  return null;
}

/** The gold "Add …" button of a collection screen. */
export function AddButton({ children, ...props }: Omit<ButtonProps, "variant">) {
  return (
    <Button {...props}>
      <Plus aria-hidden />
      {children}
    </Button>
  );
}

/** A titled part of a screen (a tab's table, the page texts), named for screen readers. */
export function AdminSection({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("space-y-5", className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-2xl sm:text-3xl">
            {title}
          </h2>
          {description && (
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
          )}
        </div>
        {action && <div className="flex shrink-0 flex-wrap gap-3">{action}</div>}
      </div>
      {children}
    </section>
  );
}
