import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { ShieldCheck, ShieldOff, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ADMIN_TEXT } from "~/domain/admin/admin-screens";
import { cn } from "~/lib/cn";
import { ConfirmDialog } from "./kit/confirm-dialog";

export interface AllowedEmailRow {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date | string;
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The allow-list, newest first, with removal behind a confirmation (intent=remove, id)
 * and a button that gives or takes "Admin privileges" (intent=set-admin) without
 * removing anyone.
 * Remove is a link to `?confirm=<id>`: with JavaScript it opens the confirm dialog in
 * place; without, the page comes back with a plain confirmation form for that row.
 * People without Admin privileges see the list read-only (docs/decisions/014).
 */
export function AllowedEmailList({
  emails,
  primaryAdminEmail,
  canManage = true,
  loadFailed,
}: {
  emails: AllowedEmailRow[];
  primaryAdminEmail: string;
  canManage?: boolean;
  loadFailed: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const removable = (id: string | null) =>
    (canManage && emails.find((e) => e.id === id && e.email !== primaryAdminEmail)) || null;
  const confirmId = searchParams.get("confirm");
  // A page loaded at ?confirm=<id> (a reload, or a link followed before the scripts ran)
  // opens with that confirmation.
  const [confirming, setConfirming] = useState<AllowedEmailRow | null>(() => removable(confirmId));
  const close = () => {
    setConfirming(null);
    // A confirmation reached by URL leaves the address as it was before.
    if (searchParams.has("confirm")) {
      const next = new URLSearchParams(searchParams);
      next.delete("confirm");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  };
  const noScriptRow = removable(confirmId);

  return (
    <Card aria-labelledby="allowed-title" className="p-0 sm:p-0">
      <div className="flex items-baseline justify-between gap-4 border-b border-border/60 px-6 py-5 sm:px-8">
        <CardTitle id="allowed-title">Allowed e-mails</CardTitle>
        <span className="text-sm text-muted-foreground">{emails.length} on the list</span>
      </div>
      {loadFailed ? (
        <p role="alert" className="px-6 py-10 text-center text-sm text-destructive sm:px-8">
          {ADMIN_TEXT.emailsFetchFailed}
        </p>
      ) : (
        <ul className="divide-y divide-border/60" data-testid="allowed-emails">
          {emails.map((row) => {
            const primary = row.email === primaryAdminEmail;
            const noteId = `primary-note-${row.id}`;
            return (
              <li
                key={row.id}
                data-email={row.email}
                className="flex flex-col gap-4 px-6 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-8"
              >
                <div className="min-w-0">
                  <p className="break-all font-medium text-foreground">{row.email}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    {primary && (
                      <Badge variant="gold">
                        <ShieldCheck aria-hidden className="size-3" /> Primary admin
                      </Badge>
                    )}
                    {row.isAdmin && !primary && <Badge variant="gold">Admin privileges</Badge>}
                    <span>Added {dateFormat.format(new Date(row.createdAt))}</span>
                  </div>
                </div>
                {/* Without Admin privileges the list is read-only. */}
                {canManage && (
                  <div className="flex flex-col items-start gap-1 sm:items-end">
                    {primary ? (
                      <>
                        <Button
                          variant="outline"
                          size="sm"
                          disabled
                          aria-describedby={noteId}
                          title={ADMIN_TEXT.primaryAdminProtected}
                        >
                          <Trash2 aria-hidden /> Remove
                        </Button>
                        <p id={noteId} className="text-xs text-muted-foreground">
                          {ADMIN_TEXT.primaryAdminProtected}
                        </p>
                      </>
                    ) : (
                      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                        <AdminPrivilegesButton row={row} />
                        <Link
                          to={`?confirm=${row.id}`}
                          preventScrollReset
                          aria-label={`Remove ${row.email}`}
                          aria-haspopup="dialog"
                          onClick={(event) => {
                            event.preventDefault();
                            setConfirming(row);
                          }}
                          className={cn(
                            buttonVariants({ variant: "outline", size: "sm" }),
                            "border-destructive/60 text-destructive hover:bg-destructive/10",
                          )}
                        >
                          <Trash2 aria-hidden /> Remove
                        </Link>
                      </div>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title="Remove this e-mail?"
        description={
          <>
            <span className="break-all font-medium text-foreground">{confirming?.email}</span> will
            no longer be able to sign in or use the admin area. You can add it again later.
          </>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        cancelHref="."
        fields={{ intent: "remove", id: confirming?.id ?? "" }}
      />
      {noScriptRow && (
        <noscript>
          <NoScriptConfirmation email={noScriptRow.email} id={noScriptRow.id} />
        </noscript>
      )}
    </Card>
  );
}

/** Gives or takes "Admin privileges"; the person stays on the list and signed in. */
function AdminPrivilegesButton({ row }: { row: AllowedEmailRow }) {
  const give = !row.isAdmin;
  const label = give ? "Give Admin privileges" : "Take away Admin privileges";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="set-admin" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="isAdmin" value={give ? "true" : "false"} />
      <Button type="submit" variant="outline" size="sm" aria-label={`${label}: ${row.email}`}>
        {give ? <ShieldCheck aria-hidden /> : <ShieldOff aria-hidden />}
        {label}
      </Button>
    </Form>
  );
}

/** The confirmation for visitors without JavaScript: a plain form that posts the removal. */
function NoScriptConfirmation({ email, id }: { email: string; id: string }) {
  return (
    <div className="border-t border-border/60 px-6 py-6 sm:px-8">
      <h2 className="text-2xl">Remove this e-mail?</h2>
      <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
        <span className="break-all font-medium text-foreground">{email}</span> will no longer be
        able to sign in or use the admin area. You can add it again later.
      </p>
      <Form method="post" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={id} />
        <Link to="." replace preventScrollReset className={buttonVariants({ variant: "ghost" })}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive">
          <Trash2 aria-hidden /> Remove
        </Button>
      </Form>
    </div>
  );
}
