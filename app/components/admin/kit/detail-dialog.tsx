/**
 * The back office's dialogs that are not a form: a record to read and act on (an
 * order), and a notice that explains rather than asks (the active theme cannot be
 * deleted). Forms use EntityFormDialog, confirmations ConfirmDialog; a screen draws no
 * dialog of its own (eslint forbids ui/dialog outside the kit).
 */
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";

export interface DetailDialogProps {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** False while something inside is being saved. */
  dismissible?: boolean;
  className?: string;
  children: React.ReactNode;
}

/** A wide dialog that scrolls inside, so a phone reaches everything in it. */
export function DetailDialog({ className, ...props }: DetailDialogProps) {
  return (
    <Dialog
      {...props}
      className={cn("max-h-[calc(100dvh-2rem)] w-[min(100vw-1rem,52rem)] overflow-auto", className)}
    />
  );
}

export interface NoticeDialogProps {
  open: boolean;
  onClose: () => void;
  /** e.g. "This theme is active". */
  title: string;
  description: React.ReactNode;
  okLabel?: string;
}

/** An interruption with one button: it says why something cannot be done. */
export function NoticeDialog({
  open,
  onClose,
  title,
  description,
  okLabel = "OK",
}: NoticeDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      description={description}
      className="w-[min(100vw-2rem,28rem)]"
    >
      <div className="flex justify-end">
        <Button data-autofocus onClick={onClose}>
          {okLabel}
        </Button>
      </div>
    </Dialog>
  );
}
