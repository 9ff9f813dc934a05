/**
 * A form whose intent answers a file (server: `handleAdminFileAction`), e.g. a batch of
 * download codes taken away as printable cards. The form is checked with the intent's
 * own schema first (the one the server runs again), then posted; the file is saved
 * under the name the server gave it and the answer's toast is shown, or the refusal's
 * messages go beside their fields. A fetcher cannot do this: React Router reads an
 * action's answer as data, so the file would arrive as text.
 *
 * Focus (issue 42 item 17): the pressed button is disabled while the file is made, and a
 * disabled button hands the focus to the page; it comes back to that button when the
 * file is saved, or to the first field to fix.
 */
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import {
  FILE_TOAST_HEADER,
  INTENT_FIELD,
  type AdminActionResult,
  type FieldErrors,
} from "~/domain/admin/admin-action";
import { fieldErrorsFrom } from "~/domain/core/form-errors";
import { showToast, type ToastMessage } from "~/lib/toast";

export const FILE_INTENT_TEXT = {
  failed: "The request failed. Please try again.",
  connection: "The connection failed. Please check it and try again.",
} as const;

/** The file name the server chose, from its Content-Disposition. */
export function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** The toast a file answer carries in its header, if it reads as one. */
export function fileAnswerToast(response: Response): ToastMessage | null {
  const raw = response.headers.get(FILE_TOAST_HEADER);
  if (!raw) return null;
  try {
    const toast = JSON.parse(decodeURIComponent(raw)) as ToastMessage;
    return typeof toast?.title === "string" ? toast : null;
  } catch {
    return null;
  }
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function formObject(data: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of data) if (typeof value === "string") out[key] = value;
  return out;
}

function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of form.elements) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

export interface FileIntentOptions {
  /** The resource route that answers the file, e.g. "/admin/download-codes/generate". */
  action: string;
  /** Posted as `intent`. */
  intent: string;
  /** The intent's schema, checked before anything is sent. */
  schema?: z.ZodType;
  /** The file's name when the server names none. */
  fallbackName: string;
}

export function useFileIntent({ action, intent, schema, fallbackName }: FileIntentOptions) {
  const revalidator = useRevalidator();
  // The value of the pressed button ("pdf", "csv" …) while its file is being made.
  const [pending, setPending] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);

  async function submit(form: HTMLFormElement, submitter: HTMLButtonElement | null) {
    if (running.current) return;
    const body = new FormData(form, submitter);
    body.set(INTENT_FIELD, intent);
    setFailure(null);
    if (schema) {
      const checked = schema.safeParse(formObject(body));
      const errors = checked.success ? {} : fieldErrorsFrom(checked.error);
      setFieldErrors(errors);
      if (!checked.success) {
        focusFirstError(form, errors);
        return;
      }
    }
    running.current = true;
    setPending(submitter?.value ?? "");
    let errors: FieldErrors = {};
    try {
      const response = await fetch(action, { method: "POST", body });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || type.includes("application/json")) {
        const answer = (await response.json().catch(() => null)) as AdminActionResult | null;
        errors = answer && !answer.ok ? { ...answer.fieldErrors } : {};
        // A refusal of the whole form, or one the server words only in its toast.
        const { form: formError, ...beside } = errors;
        errors = beside;
        setFieldErrors(beside);
        setFailure(
          formError ??
            (Object.keys(beside).length
              ? null
              : (answer?.toast?.description ?? FILE_INTENT_TEXT.failed)),
        );
        return;
      }
      saveFile(await response.blob(), attachmentName(response, fallbackName));
      const toast = fileAnswerToast(response);
      if (toast) showToast(toast);
      setFieldErrors({});
      form.reset();
      await revalidator.revalidate();
    } catch {
      setFailure(FILE_INTENT_TEXT.connection);
    } finally {
      running.current = false;
      setPending(null);
      // After the re-render that enables the button again.
      requestAnimationFrame(() => {
        if (Object.keys(errors).length) focusFirstError(form, errors);
        else if (submitter?.isConnected) submitter.focus();
      });
    }
  }

  return {
    /** The form's onSubmit. */
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void submit(event.currentTarget, submitter instanceof HTMLButtonElement ? submitter : null);
    },
    pending,
    fieldErrors,
    /** Said above the form: a refusal of the whole form, or a lost connection. */
    failure,
  };
}
