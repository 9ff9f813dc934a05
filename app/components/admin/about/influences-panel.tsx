/**
 * The about screen's Influences tab: add an artist by name (a blank name is ignored,
 * nothing is sent), delete one after confirming, the list as a two-column grid.
 */
import { useId, useState } from "react";
import { Plus } from "lucide-react";
import type { AboutInfluence } from "~/components/about/about-sections";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import { INFLUENCE_TEXT } from "~/domain/content/about/influence";
import { ABOUT_INTENTS } from "./about-tabs";
import { ListMessage } from "./list-message";

export function InfluencesPanel({
  influences,
  loadFailed,
}: {
  influences: readonly AboutInfluence[];
  loadFailed: string | null;
}) {
  return (
    <AdminSection
      title="Musical Influences"
      description="The artists who shaped the sound, shown as a row of names on the about page, in this order."
    >
      <InfluenceAddForm />
      {loadFailed ? (
        <ListMessage failed>{loadFailed}</ListMessage>
      ) : influences.length === 0 ? (
        <ListMessage>{INFLUENCE_TEXT.empty}</ListMessage>
      ) : (
        <ul aria-label="Influences" className="grid gap-3 sm:grid-cols-2">
          {influences.map((influence) => (
            <li
              key={influence.id}
              className="flex min-h-14 items-center justify-between gap-3 rounded-xl border border-border/70 bg-card py-2 pl-5 pr-2"
            >
              <span className="min-w-0 flex-1 break-words">{influence.name}</span>
              <ConfirmDeleteButton
                id={influence.id}
                intent={ABOUT_INTENTS.influenceDelete}
                label={`Delete influence "${influence.name}"`}
                title={INFLUENCE_TEXT.deleteTitle}
                description={INFLUENCE_TEXT.deleteConfirm}
              />
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

/** One field and a button; a name that is blank once trimmed sends nothing. */
function InfluenceAddForm() {
  const id = useId();
  const [name, setName] = useState("");
  const { fetcher, busy, fieldErrors } = useAdminFetcher({ onSuccess: () => setName("") });
  return (
    <fetcher.Form
      method="post"
      aria-label="Add an influence"
      className="flex flex-col gap-3 rounded-2xl border border-border/70 bg-card/60 p-5 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        if (busy || name.trim() === "") event.preventDefault();
      }}
    >
      <input type="hidden" name={INTENT_FIELD} value={ABOUT_INTENTS.influenceCreate} />
      <FormField
        id={`${id}-name`}
        label="Artist name"
        error={fieldErrors.name}
        className="min-w-0 flex-1 space-y-2"
      >
        {(field) => (
          <Input
            {...field}
            name="name"
            value={name}
            autoComplete="off"
            placeholder="An artist, a band or a tradition"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <SubmitButton
        className="sm:mt-7"
        pending={busy}
        icon={<Plus aria-hidden />}
        aria-disabled={busy || undefined}
      >
        Add Influence
      </SubmitButton>
    </fetcher.Form>
  );
}
