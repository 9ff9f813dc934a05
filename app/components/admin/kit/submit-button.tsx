/**
 * The back office's Save button: its icon and label, or a spinner and the spec's
 * "Saving..." while the form's post runs (`pending`, the form's own fetcher state).
 */
import { Loader2 } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";

export interface SubmitButtonProps extends Omit<ButtonProps, "children"> {
  /** The form's post is under way. */
  pending: boolean;
  /** Shown before the label while idle (Save, Plus …). */
  icon?: React.ReactNode;
  /** The label while idle, e.g. "Update Banner". */
  children: React.ReactNode;
  /** The label while saving; "Saving..." unless told. */
  pendingLabel?: React.ReactNode;
}

export function SubmitButton({
  pending,
  icon,
  children,
  pendingLabel = "Saving...",
  type = "submit",
  ...props
}: SubmitButtonProps) {
  return (
    <Button type={type} {...props}>
      {pending ? <Loader2 aria-hidden className="animate-spin" /> : icon}
      {pending ? pendingLabel : children}
    </Button>
  );
}
