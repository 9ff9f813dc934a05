/**
 * The about screen's Collaborations tab: the add form (artist, project and year, all
 * required) and the list, in the about page's order, each with its delete.
 */
import type { AboutCollaboration } from "~/components/about/about-sections";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { EntityInlineForm } from "~/components/admin/kit/entity-inline-form";
import { Card } from "~/components/ui/card";
import {
  COLLABORATION_TEXT,
  collaborationCreateSchema,
} from "~/domain/content/about/collaboration";
import { ABOUT_INTENTS } from "./about-tabs";
import { ListMessage } from "./list-message";

const FIELDS: readonly FieldConfig[] = [
  {
    kind: "text",
    name: "artist",
    label: "Artist",
    required: true,
    half: true,
    placeholder: "e.g., Marlowe Street Big Band",
  },
  {
    kind: "text",
    name: "project",
    label: "Project",
    required: true,
    half: true,
    placeholder: "e.g., Bass trombone chair",
  },
  {
    kind: "text",
    name: "year",
    label: "Year",
    required: true,
    half: true,
    placeholder: "e.g., 2012–2019",
  },
];

export function CollaborationsPanel({
  collaborations,
  loadFailed,
}: {
  collaborations: readonly AboutCollaboration[];
  loadFailed: string | null;
}) {
  return (
    <AdminSection
      title="Collaborations"
      description="Bands, artists and projects, with the year or years: shown as cards on the about page, in this order."
    >
      <Card className="p-5 sm:p-6">
        <EntityInlineForm
          aria-label="Add a collaboration"
          intent={ABOUT_INTENTS.collaborationCreate}
          schema={collaborationCreateSchema}
          fields={FIELDS}
          submitLabel="Add Collaboration"
          gridClassName="sm:grid-cols-3"
        />
      </Card>
      {loadFailed ? (
        <ListMessage failed>{loadFailed}</ListMessage>
      ) : collaborations.length === 0 ? (
        <ListMessage>{COLLABORATION_TEXT.empty}</ListMessage>
      ) : (
        <ul
          aria-label="Collaborations"
          className="divide-y divide-border/60 overflow-hidden rounded-2xl border border-border/70 bg-card"
        >
          {collaborations.map((c) => (
            <li key={c.id} className="flex items-center gap-4 py-3 pl-5 pr-2 sm:pl-6">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-foreground">{c.artist}</p>
                <p className="break-words text-sm text-muted-foreground">{c.project}</p>
              </div>
              <span className="shrink-0 rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary">
                {c.year}
              </span>
              <ConfirmDeleteButton
                id={c.id}
                intent={ABOUT_INTENTS.collaborationDelete}
                label={`Delete collaboration "${c.artist}, ${c.project}"`}
                title={COLLABORATION_TEXT.deleteTitle}
                description={COLLABORATION_TEXT.deleteConfirm}
              />
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
