/**
 * The LOE contact banner's template (key loe-banner-text): a text with a placeholder
 * where the public page puts the contact e-mail, a live preview of the very banner the
 * page shows with the e-mail filled in, and Update Banner (intent banner:update, the
 * description only; spec §7).
 */
import { useId, useRef, useState } from "react";
import { AtSign, Save } from "lucide-react";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { useUnsavedChanges } from "~/components/admin/kit/use-unsaved-changes";
import {
  BANNER_EMAIL_PLACEHOLDER,
  ContactBanner,
  bannerText,
} from "~/components/loe/contact-banner";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import { LOE_INTENTS } from "./loe-admin";

/** Spec §5 "Page content": a description stays under 1000 characters. */
const BANNER_MAX = 1000;
const EXAMPLE = `Book the band for your stage, festival or wedding · ${BANNER_EMAIL_PLACEHOLDER}`;

export function BannerEditor({
  template,
  contactEmail,
}: {
  /** What is stored now. */
  template: string;
  contactEmail: string;
}) {
  const baseId = useId();
  const [text, setText] = useState(template);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { fetcher, busy, fieldErrors } = useAdminFetcher();
  const dirty = text !== template;
  const blank = text.trim() === "";
  const canSave = dirty && !blank && !busy;
  const leavePrompt = useUnsavedChanges(dirty ? ["the LOE contact banner"] : []);

  /** Puts the placeholder where the cursor is (or at the end). */
  function insertPlaceholder() {
    const field = textarea.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + BANNER_EMAIL_PLACEHOLDER + text.slice(end);
    if (next.length > BANNER_MAX) return;
    setText(next);
    requestAnimationFrame(() => {
      const caret = start + BANNER_EMAIL_PLACEHOLDER.length;
      field?.focus();
      field?.setSelectionRange(caret, caret);
    });
  }

  return (
    <Card className="space-y-6 p-5 sm:p-6" aria-label="Contact banner">
      {leavePrompt}
      <fetcher.Form
        method="post"
        className="space-y-5"
        onSubmit={(event) => {
          if (!canSave) event.preventDefault();
        }}
      >
        <input type="hidden" name={INTENT_FIELD} value={LOE_INTENTS.banner} />
        <FormField
          id={`${baseId}-text`}
          label="Banner text"
          error={fieldErrors.description}
          hint={
            <>
              Write <code className="text-foreground">{BANNER_EMAIL_PLACEHOLDER}</code> where the
              contact e-mail should appear. For example: “{EXAMPLE}”. {text.length}/{BANNER_MAX}{" "}
              characters.
            </>
          }
        >
          {(field) => (
            <Textarea
              {...field}
              ref={textarea}
              name="description"
              rows={3}
              value={text}
              maxLength={BANNER_MAX}
              placeholder={EXAMPLE}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </FormField>

        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            size="sm"
            pending={busy}
            icon={<Save aria-hidden />}
            aria-disabled={!canSave || undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-primary"
          >
            Update Banner
          </SubmitButton>
          <Button size="sm" variant="outline" onClick={insertPlaceholder} disabled={busy}>
            <AtSign aria-hidden /> Insert e-mail placeholder
          </Button>
          {dirty && !busy && (
            <Button size="sm" variant="ghost" onClick={() => setText(template)}>
              Discard changes
            </Button>
          )}
          {blank && (
            <span className="text-xs text-muted-foreground">The banner needs some text.</span>
          )}
        </div>
      </fetcher.Form>

      <div className="space-y-2">
        <p className="text-sm font-medium text-foreground/90">
          Live preview{" "}
          <span className="font-normal text-muted-foreground">
            with {contactEmail || "the contact e-mail"}
          </span>
        </p>
        {/* inert: the banner is a link to /contact, which must not lead away from edits. */}
        <div inert className="overflow-hidden rounded-xl border border-border/70 bg-background">
          <ContactBanner text={bannerText(text, contactEmail)} />
        </div>
      </div>
    </Card>
  );
}
