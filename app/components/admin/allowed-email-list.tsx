import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Loader2, ShieldCheck, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ADMIN_TEXT } from "~/domain/admin";
import { cn } from "~/lib/cn";

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

/** The allow-list, newest first, with removal behind a confirmation. */
export function AllowedEmailList({
  emails,
  primaryAdminEmail,
  confirmId,
  loadFailed,
}: {
  emails: AllowedEmailRow[];
  primaryAdminEmail: string;
  confirmId: string | null;
  loadFailed: boolean;
}) {
  const confirming = emails.find((e) => e.id === confirmId && e.email !== primaryAdminEmail);
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
                    <Link
                      to={`?confirm=${row.id}`}
                      preventScrollReset
                      aria-label={`Remove ${row.email}`}
                      className={cn(
                        buttonVariants({ variant: "outline", size: "sm" }),
                        "border-destructive/60 text-destructive hover:bg-destructive/10",
                      )}
                    >
                      <Trash2 aria-hidden /> Remove
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {confirming && <ConfirmRemoval email={confirming.email} id={confirming.id} />}
    </Card>
  );
}

function ConfirmRemoval({ email, id }: { email: string; id: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const removing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "remove";
  const cancelRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(".", { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 backdrop-blur-sm sm:items-center">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
        className="animate-slide-up w-full max-w-md rounded-3xl border border-border bg-card p-7 shadow-2xl sm:p-8"
      >
        <h2 id="confirm-title" className="text-2xl">
          Remove this e-mail?
        </h2>
        <p id="confirm-text" className="mt-3 text-sm leading-relaxed text-muted-foreground">
          <span className="break-all font-medium text-foreground">{email}</span> will no longer be
          able to sign in or use the admin area. You can add it again later.
        </p>
        <Form method="post" className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={id} />
          <Link
            ref={cancelRef}
            to="."
            replace
            preventScrollReset
            className={buttonVariants({ variant: "ghost" })}
          >
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={removing}>
            {removing ? <Loader2 aria-hidden className="animate-spin" /> : <Trash2 aria-hidden />}
            {removing ? "Removing..." : "Remove"}
          </Button>
        </Form>
      </div>
    </div>
  );
}
