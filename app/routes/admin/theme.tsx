/**
 * Theme settings (admin spec §2, §3 theme_settings, §4 "Theme"): the theme table, the
 * create/edit dialog with a live preview, activation (exactly one active, the public
 * site shows it on its next load: root.tsx writes the active theme's variables into
 * the server HTML) and delete. Every write needs "Admin privileges" (decision 014).
 */
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/theme";
import { AddButton, AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { ThemeFormDialog } from "~/components/admin/theme/theme-form-dialog";
import { ThemeManager, toThemeRow, type ThemeRow } from "~/components/admin/theme/theme-manager";
import { useEntityDialog } from "~/components/admin/kit/entity-form-dialog";
import {
  THEME_TEXT,
  themeActivated,
  themeCreateSchema,
  themeIdSchema,
  themeUpdateSchema,
} from "~/domain/content/theme/theme-form";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { hasAdminPrivileges } from "~/server/auth/allow-list.server";
import { activateTheme, deleteTheme, themeService } from "~/server/content/theme.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

const FETCH_FAILED = "Failed to fetch themes";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const [themes, canManage] = await Promise.all([
    orNull(themeService.listAll(getDb()), "themes"),
    hasAdminPrivileges(getDb(), user.email).catch(() => false),
  ]);
  return {
    themes: (themes ?? []).map(toThemeRow),
    canManage,
    loadFailed: themes ? null : FETCH_FAILED,
    toast: themes ? null : newToast("error", "Error", FETCH_FAILED),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    create: intent({
      schema: themeCreateSchema,
      privileged: true,
      run: ({ db, actor, input }) => themeService.create(db, actor, { ...input, isActive: false }),
      success: (row) => ({ title: THEME_TEXT.created, description: row.name }),
      failure: THEME_TEXT.saveFailed,
    }),
    update: intent({
      schema: themeUpdateSchema,
      privileged: true,
      run: ({ db, actor, input: { id, ...values } }) => themeService.update(db, actor, id, values),
      success: (row) => ({ title: THEME_TEXT.updated, description: row.name }),
      failure: THEME_TEXT.saveFailed,
    }),
    activate: intent({
      schema: themeIdSchema,
      privileged: true,
      run: ({ db, actor, input }) => activateTheme(db, actor, input.id),
      success: (row) => ({ title: themeActivated(row.name) }),
      failure: THEME_TEXT.activateFailed,
    }),
    delete: intent({
      schema: themeIdSchema,
      privileged: true,
      run: ({ db, actor, input }) => deleteTheme(db, actor, input.id),
      success: (row) => ({ title: THEME_TEXT.deleted, description: row.name }),
      failure: THEME_TEXT.deleteFailed,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function ThemeSettings({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const dialog = useEntityDialog<ThemeRow>();
  const { canManage } = loaderData;
  return (
    <AdminScreen
      title="Theme Settings"
      description="The colours, fonts and motion of the public site. One theme is active at a time; visitors see a newly activated theme on their next page load."
      primaryAction={
        canManage ? <AddButton onClick={dialog.openAdd}>Create Theme</AddButton> : undefined
      }
    >
      <AdminSection
        title="Themes"
        description={
          canManage
            ? "Activate a theme to apply it to the whole site. The active theme cannot be deleted."
            : "Only people with Admin privileges can change the theme. Ask an administrator if it needs to change."
        }
      >
        <ThemeManager
          themes={loaderData.themes}
          loadFailed={loaderData.loadFailed}
          canManage={canManage}
          onEdit={dialog.openEdit}
        />
      </AdminSection>
      {canManage && (
        <ThemeFormDialog
          open={dialog.open}
          onOpenChange={dialog.dialogProps.onOpenChange}
          theme={dialog.editing}
        />
      )}
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Theme Settings");
