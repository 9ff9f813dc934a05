/**
 * The theme table (admin spec §2 "/admin/theme shows a theme table with a
 * create/edit dialog"): name, the colours as swatches, Active or an Activate button
 * (spec §4), edit and delete. The active theme cannot be deleted: its delete button
 * says why instead of asking.
 */
import { useState } from "react";
import { CheckCircle2, Trash2 } from "lucide-react";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { NoticeDialog } from "~/components/admin/kit/detail-dialog";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import { THEME_COLOR_NAMES } from "~/domain/content/theme/theme";
import { THEME_DELETE_ACTIVE_MESSAGE, THEME_TEXT } from "~/domain/content/theme/theme-form";

/** A theme as the screen shows it (no timestamps over the wire). */
export interface ThemeRow {
  id: string;
  name: string;
  colors: Record<string, string>;
  typography: Record<string, string>;
  animations: Record<string, string>;
  isActive: boolean;
}

export function toThemeRow(row: ThemeRow): ThemeRow {
  const { id, name, colors, typography, animations, isActive } = row;
  return { id, name, colors, typography, animations, isActive };
}

export interface ThemeManagerProps {
  themes: readonly ThemeRow[];
  loadFailed?: string | null;
  /** Without "Admin privileges" the table is read-only (docs/decisions/014). */
  canManage: boolean;
  onEdit: (theme: ThemeRow) => void;
}

export function ThemeManager({ themes, loadFailed, canManage, onEdit }: ThemeManagerProps) {
  const columns: DataTableColumn<ThemeRow>[] = [
    {
      id: "name",
      header: "Name",
      cell: (row) => <span className="font-medium text-foreground">{row.name}</span>,
    },
    {
      id: "colors",
      header: "Colours",
      hideOnMobile: true,
      cell: (row) => <Swatches colors={row.colors} />,
    },
    {
      id: "status",
      header: "Status",
      cell: (row) =>
        row.isActive ? (
          <Badge variant="success">
            <CheckCircle2 aria-hidden className="size-3.5" />
            Active
          </Badge>
        ) : canManage ? (
          <ActivateButton theme={row} />
        ) : (
          <Badge>Inactive</Badge>
        ),
    },
  ];

  return (
    <DataTable
      caption="Themes"
      columns={columns}
      rows={themes}
      emptyMessage="No themes yet. The site uses the default colours until you create and activate one."
      loadFailed={loadFailed}
      rowLabel={(row) => row.name}
      rowActions={
        canManage
          ? {
              edit: onEdit,
              remove: {
                title: "Delete Theme",
                description: THEME_TEXT.deleteConfirm,
                instead: (row) => (row.isActive ? <ActiveDeleteButton theme={row} /> : null),
              },
            }
          : undefined
      }
    />
  );
}

function Swatches({ colors }: { colors: Record<string, string> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {THEME_COLOR_NAMES.map((name) => (
        <span
          key={name}
          title={`${name}: ${colors[name] ?? "default"}`}
          className="size-5 rounded-full border border-border"
          style={{ backgroundColor: colors[name] ? `hsl(${colors[name]})` : undefined }}
        />
      ))}
    </span>
  );
}

function ActivateButton({ theme }: { theme: ThemeRow }) {
  const { fetcher, busy } = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name={INTENT_FIELD} value="activate" />
      <input type="hidden" name="id" value={theme.id} />
      <SubmitButton
        size="sm"
        variant="outline"
        disabled={busy}
        pending={busy}
        pendingLabel="Activating..."
        aria-label={`Activate "${theme.name}"`}
      >
        Activate
      </SubmitButton>
    </fetcher.Form>
  );
}

/** The active theme's delete button: it explains instead of asking. */
function ActiveDeleteButton({ theme }: { theme: ThemeRow }) {
  const [open, setOpen] = useState(false);
  const label = `Delete "${theme.name}"`;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
        className="text-destructive hover:bg-destructive/10"
      >
        <Trash2 aria-hidden />
      </Button>
      <NoticeDialog
        open={open}
        onClose={() => setOpen(false)}
        title="This theme is active"
        description={THEME_DELETE_ACTIVE_MESSAGE}
      />
    </>
  );
}
