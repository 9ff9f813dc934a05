import { data, redirect } from "react-router";
import type { Route } from "./+types/user-management";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AllowedEmailForm } from "~/components/admin/allowed-email-form";
import { AllowedEmailList } from "~/components/admin/allowed-email-list";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { ADMIN_TEXT, userManagementActionSchema } from "~/domain/admin";
import { firstErrors } from "~/domain/auth-schemas";
import { SITE_NAME } from "~/domain/site";
import { useToastMessage } from "~/lib/toast";
import { requireAdmin } from "~/server/auth/access.server";
import {
  addAllowedEmail,
  listAllowedEmails,
  removeAllowedEmail,
  type AllowedEmail,
} from "~/server/auth/allow-list.server";
import { getDb } from "~/server/db/database.server";
import { getEnv } from "~/server/core/env.server";
import { AppError } from "~/server/core/errors.server";
import { newToast, withFlashToast } from "~/server/http/flash.server";
import { logger } from "~/server/core/logger.server";

const PATH = "/admin/user-management";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const primaryAdminEmail = getEnv().ADMIN_EMAIL;
  const confirmId = new URL(request.url).searchParams.get("confirm");
  let emails: AllowedEmail[] = [];
  let toast = null;
  try {
    emails = await listAllowedEmails(getDb());
  } catch (error) {
    logger.error({ err: error }, ADMIN_TEXT.emailsFetchFailed);
    toast = newToast("error", ADMIN_TEXT.errorTitle, ADMIN_TEXT.emailsFetchFailed);
  }
  return { emails, primaryAdminEmail, confirmId, loadFailed: toast !== null, toast };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = userManagementActionSchema.safeParse(form);
  const failure =
    form.intent === "remove" ? ADMIN_TEXT.emailRemoveFailed : ADMIN_TEXT.emailAddFailed;
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error);
    const message = Object.values(fieldErrors)[0] ?? failure;
    return data(
      { fieldErrors, toast: newToast("error", ADMIN_TEXT.errorTitle, `${failure}: ${message}`) },
      { status: 400 },
    );
  }
  const input = parsed.data;
  let toast;
  try {
    if (input.intent === "add") {
      await addAllowedEmail(getDb(), user, input);
      toast = newToast("success", ADMIN_TEXT.emailAdded, input.email);
    } else {
      const removed = await removeAllowedEmail(getDb(), user, {
        id: input.id,
        primaryAdminEmail: getEnv().ADMIN_EMAIL,
      });
      toast = newToast("success", ADMIN_TEXT.emailRemoved, removed.email);
    }
  } catch (error) {
    const expected = error instanceof AppError;
    if (!expected) logger.error({ err: error, intent: input.intent }, failure);
    const fieldErrors: Record<string, string> =
      expected && input.intent === "add" ? { email: error.message } : {};
    const description = expected ? `${failure}: ${error.message}` : failure;
    return data(
      { fieldErrors, toast: newToast("error", ADMIN_TEXT.errorTitle, description) },
      { status: expected ? error.status : 500 },
    );
  }
  // Post/redirect/get: a reload never repeats the change; the toast rides along.
  throw redirect(PATH, { headers: withFlashToast(toast) });
}

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  useToastMessage(actionData?.toast);
  return (
    <div className="space-y-10">
      <BackToDashboard />
      <AdminPageHeader
        title="User Management"
        description="People whose e-mail address is on this list can create an account, sign in and use the admin area. Everyone else is refused."
      />
      <AllowedEmailForm key={loaderData.emails.length} error={actionData?.fieldErrors?.email} />
      <AllowedEmailList
        emails={loaderData.emails}
        primaryAdminEmail={loaderData.primaryAdminEmail}
        confirmId={loaderData.confirmId}
        loadFailed={loaderData.loadFailed}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `User Management | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
