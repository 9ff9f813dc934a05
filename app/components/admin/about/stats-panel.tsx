/**
 * The about screen's Statistics tab: the add form (icon Music, Users or MapPin; the
 * number as text, e.g. "500+"; a label) and the cards, each showing its icon, with a
 * delete.
 */
import { statIcon, type AboutStat } from "~/components/about/about-sections";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { EntityInlineForm } from "~/components/admin/kit/entity-inline-form";
import { Card } from "~/components/ui/card";
import {
  DEFAULT_STAT_ICON,
  STAT_ICONS,
  STAT_TEXT,
  statCreateSchema,
} from "~/domain/content/about/stat";
import { ABOUT_INTENTS } from "./about-tabs";
import { ListMessage } from "./list-message";

const FIELDS: readonly FieldConfig[] = [
  {
    kind: "select",
    name: "iconName",
    label: "Icon",
    half: true,
    defaultValue: DEFAULT_STAT_ICON,
    options: STAT_ICONS.map((icon) => ({ value: icon, label: icon })),
  },
  {
    kind: "text",
    name: "numberValue",
    label: "Number",
    required: true,
    half: true,
    placeholder: "e.g., 500+",
  },
  {
    kind: "text",
    name: "label",
    label: "Label",
    required: true,
    half: true,
    placeholder: "e.g., Live performances",
  },
];

export function StatsPanel({
  stats,
  loadFailed,
}: {
  stats: readonly AboutStat[];
  loadFailed: string | null;
}) {
  return (
    <AdminSection
      title="Statistics"
      description="The figures in the band under the about page's introduction, in this order."
    >
      <Card className="p-5 sm:p-6">
        <EntityInlineForm
          aria-label="Add a statistic"
          intent={ABOUT_INTENTS.statCreate}
          schema={statCreateSchema}
          fields={FIELDS}
          submitLabel="Add Statistic"
          gridClassName="sm:grid-cols-3"
        />
      </Card>
      {loadFailed ? (
        <ListMessage failed>{loadFailed}</ListMessage>
      ) : stats.length === 0 ? (
        <ListMessage>{STAT_TEXT.empty}</ListMessage>
      ) : (
        <ul aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stats.map((stat) => {
            const Icon = statIcon(stat.iconName);
            return (
              <li
                key={stat.id}
                className="relative flex flex-col items-center rounded-2xl border border-border/70 bg-card px-6 pb-6 pt-8 text-center"
              >
                <Icon aria-hidden className="size-6 text-primary" />
                <span className="sr-only">{stat.iconName} icon: </span>
                <span className="mt-3 break-all font-display text-4xl text-foreground">
                  {stat.numberValue}
                </span>
                <span className="mt-2 break-words text-sm uppercase tracking-[0.18em] text-muted-foreground">
                  {stat.label}
                </span>
                <ConfirmDeleteButton
                  id={stat.id}
                  intent={ABOUT_INTENTS.statDelete}
                  label={`Delete statistic "${stat.numberValue} ${stat.label}"`}
                  title={STAT_TEXT.deleteTitle}
                  description={STAT_TEXT.deleteConfirm}
                  className="absolute right-2 top-2"
                />
              </li>
            );
          })}
        </ul>
      )}
    </AdminSection>
  );
}
