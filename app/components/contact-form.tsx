import { useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import { CheckCircle2, Loader2, Send } from "lucide-react";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TEXT,
  contactFieldErrors,
  contactSchema,
  type ContactField,
  type ContactFieldErrors,
  type ContactResponse,
} from "~/domain/audience/contact/contact-form";
import { FormField } from "./ui/form-field";
import { Input, Textarea } from "./ui/input";
import { Button } from "./ui/button";

export interface ContactFormProps {
  /** What the page's own action answered when the form was posted without JavaScript. */
  noScriptResult?: ContactResponse | null;
}

type FormState = "idle" | "sending";

const FIELDS: { name: ContactField; label: string; type?: string; autoComplete?: string }[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "subject", label: "Subject" },
];

/**
 * The contact form: name, e-mail, subject and message, all required (spec §5). With
 * JavaScript it posts JSON to /api/send-contact-email and answers with the spec's
 * toasts; without, it posts to the contact page, which uses the same service.
 */
export function ContactForm({ noScriptResult }: ContactFormProps) {
  const [state, setState] = useState<FormState>("idle");
  const [errors, setErrors] = useState<ContactFieldErrors>(
    noScriptResult && !noScriptResult.success ? (noScriptResult.fieldErrors ?? {}) : {},
  );
  // Before hydration the browser's own validation helps; after it, ours shows beside fields.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === "sending") return;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = contactFieldErrors(parsed.error);
      setErrors(fieldErrors);
      const first = Object.keys(fieldErrors)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setState("sending");
    try {
      const response = await fetch("/api/send-contact-email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => null)) as ContactResponse | null;
      if (response.ok && body?.success) {
        toast.success(CONTACT_TEXT.successTitle, { description: CONTACT_TEXT.successDescription });
        form.reset();
      } else {
        if (body && !body.success && body.fieldErrors) setErrors(body.fieldErrors);
        toast.error(CONTACT_TEXT.errorTitle, {
          description:
            response.status === 429 && body && !body.success
              ? body.error
              : response.status === 413
                ? CONTACT_TEXT.tooLong
                : CONTACT_TEXT.errorDescription,
        });
      }
    } catch {
      toast.error(CONTACT_TEXT.errorTitle, { description: CONTACT_TEXT.errorDescription });
    } finally {
      setState("idle");
    }
  }

  const clearError = (name: ContactField) =>
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate={hydrated}
      className="space-y-5"
      data-testid="contact-form"
      aria-label="Contact form"
    >
      {noScriptResult?.success && (
        <p
          role="status"
          className="flex items-start gap-3 rounded-xl border border-primary/40 bg-primary/10 p-4 text-sm"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>
            <strong className="block text-foreground">{CONTACT_TEXT.successTitle}</strong>
            {CONTACT_TEXT.successDescription}
          </span>
        </p>
      )}
      {noScriptResult && !noScriptResult.success && (
        <p role="alert" className="rounded-xl border border-destructive/60 p-4 text-sm">
          {noScriptResult.error}
        </p>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.slice(0, 2).map((field) => (
          <Field key={field.name} field={field} error={errors[field.name]} onEdit={clearError} />
        ))}
      </div>
      <Field field={FIELDS[2]!} error={errors.subject} onEdit={clearError} />

      <FormField id="contact-message" label="Message" error={errors.message}>
        {(control) => (
          <Textarea
            {...control}
            name="message"
            rows={6}
            required
            maxLength={5000}
            placeholder="Tell me about your event, project or question…"
            onChange={() => clearError("message")}
            className="resize-y"
          />
        )}
      </FormField>

      {/* People never see this field; bots that fill it are thanked and ignored. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={state === "sending"}>
        {state === "sending" ? (
          <>
            <Loader2 aria-hidden className="animate-spin" /> Sending...
          </>
        ) : (
          <>
            <Send aria-hidden /> Send Message
          </>
        )}
      </Button>
    </form>
  );
}

function Field({
  field,
  error,
  onEdit,
}: {
  field: (typeof FIELDS)[number];
  error: string | undefined;
  onEdit: (name: ContactField) => void;
}) {
  return (
    <FormField id={`contact-${field.name}`} label={field.label} error={error}>
      {(control) => (
        <Input
          {...control}
          name={field.name}
          type={field.type ?? "text"}
          required
          maxLength={field.name === "email" ? 254 : 200}
          autoComplete={field.autoComplete}
          onChange={() => onEdit(field.name)}
        />
      )}
    </FormField>
  );
}
