import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/user-management";
import { AllowedEmailForm } from "~/components/admin/allowed-email-form";
import { AllowedEmailList } from "~/components/admin/allowed-email-list";
import { AdminScreen } from "~/components/admin/kit/admin-screen";
import {
  ADMIN_TEXT,
  addAllowedEmailSchema,
  removeAllowedEmailSchema,
  setAdminPrivilegesSchema,
} from "~/domain/admin/admin-screens";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import {
  addAllowedEmail,
  listAllowedEmails,
  removeAllowedEmail,
  setAdminPrivileges,
  type AllowedEmail,
} from "~/server/auth/allow-list.server";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { logger } from "~/server/core/logger.server";
import { newToast } from "~/server/http/flash.server";

const PATH = "/admin/user-management";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const primaryAdminEmail = getEnv().ADMIN_EMAIL;
  let emails: AllowedEmail[] = [];
  let toast = null;
  try {
    emails = await listAllowedEmails(getDb());
  } catch (error) {
    logger.error({ err: error }, ADMIN_TEXT.emailsFetchFailed);
    toast = newToast("error", ADMIN_TEXT.errorTitle, ADMIN_TEXT.emailsFetchFailed);
  }
  return {
    emails,
    primaryAdminEmail,
    // Only people with "Admin privileges" change the list (docs/decisions/014).
    canManage: user.hasAdminPrivileges,
    loadFailed: toast !== null,
    toast,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    add: intent({
      schema: addAllowedEmailSchema,
      privileged: true,
      run: ({ db, actor, input }) => addAllowedEmail(db, actor, input),
      success: (row) => ({ title: ADMIN_TEXT.emailAdded, description: row.email }),
      failure: ADMIN_TEXT.emailAddFailed,
      redirectTo: PATH,
    }),
    remove: intent({
      schema: removeAllowedEmailSchema,
      privileged: true,
      run: ({ db, actor, input }) =>
        removeAllowedEmail(db, actor, { id: input.id, primaryAdminEmail: getEnv().ADMIN_EMAIL }),
      success: (row) => ({ title: ADMIN_TEXT.emailRemoved, description: row.email }),
      failure: ADMIN_TEXT.emailRemoveFailed,
      redirectTo: PATH,
    }),
    "set-admin": intent({
      schema: setAdminPrivilegesSchema,
      privileged: true,
      run: ({ db, actor, input }) =>
        setAdminPrivileges(db, actor, { ...input, primaryAdminEmail: getEnv().ADMIN_EMAIL }),
      success: (row) => ({
        title: row.isAdmin ? ADMIN_TEXT.privilegesGiven : ADMIN_TEXT.privilegesTaken,
        description: row.email,
      }),
      failure: ADMIN_TEXT.privilegesChangeFailed,
      redirectTo: PATH,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  useToastMessage(actionData?.toast);
  const fieldErrors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  return (
    <AdminScreen
      title="User Management"
      description="People whose e-mail address is on this list can create an account, sign in and use the admin area. Everyone else is refused."
    >
      {loaderData.canManage ? (
        <AllowedEmailForm key={loaderData.emails.length} error={fieldErrors?.email} />
      ) : (
        <p
          role="note"
          className="rounded-2xl border border-border/70 bg-card/60 px-6 py-5 text-sm text-muted-foreground"
        >
          Only people with Admin privileges can add or remove addresses or change who has Admin
          privileges. Ask an administrator if someone needs access.
        </p>
      )}
      <AllowedEmailList
        emails={loaderData.emails}
        primaryAdminEmail={loaderData.primaryAdminEmail}
        canManage={loaderData.canManage}
        loadFailed={loaderData.loadFailed}
      />
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("User Management");
