import type { ReactNode } from "react";
import { FieldError, Label } from "./input";

/** What a field's control needs to be tied to its label, error and hint. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled form field: the label, the control (Input, PasswordInput, Textarea … given
 * as a function of the ids it must carry), the error announced to screen readers, and
 * a hint shown while there is no error. One place for the markup every form repeats.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className = "space-y-2",
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  return (
    <div className={className}>
      <Label htmlFor={id} className="block">
        {label}
      </Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : showHint ? hintId : undefined,
      })}
      <FieldError id={errorId}>{error}</FieldError>
      {showHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
