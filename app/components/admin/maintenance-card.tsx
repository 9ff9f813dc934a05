import { useId, useState } from "react";
import { Loader2, Pencil, Wrench } from "lucide-react";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/input";
import { FormSwitch } from "~/components/ui/switch";
import { ADMIN_TEXT, MAINTENANCE_MESSAGE_MAX_LENGTH } from "~/domain/admin/admin-screens";
import { cn } from "~/lib/cn";

export interface MaintenanceCardProps {
  shop: { isWorkInProgress: boolean; wipMessage: string };
  defaultMessage: string;
}

/** The dashboard's shop switch and inline maintenance-message editor (admin spec §2). */
export function MaintenanceCard({ shop, defaultMessage }: MaintenanceCardProps) {
  const labelId = useId();
  const { fetcher: toggle, busy: saving } = useAdminFetcher({ key: "maintenance-toggle" });
  const [editing, setEditing] = useState(false);
  const { fetcher: message, busy: savingMessage } = useAdminFetcher({
    key: "maintenance-message",
    onSuccess: () => setEditing(false),
  });

  const pending = toggle.formData?.get("enabled");
  const isOn = pending == null ? shop.isWorkInProgress : pending === "true";

  return (
    <Card aria-labelledby="maintenance-title" className="relative overflow-hidden">
      <div
        aria-hidden
        className={cn(
          "absolute inset-x-0 top-0 h-1",
          isOn ? "bg-gradient-to-r from-destructive via-primary to-destructive" : "bg-success/70",
        )}
      />
      <div className="flex flex-col gap-8 lg:flex-row lg:gap-12">
        <div className="lg:w-2/5">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/30">
              <Wrench aria-hidden className="size-5" />
            </span>
            <CardTitle id="maintenance-title">Shop maintenance</CardTitle>
          </div>
          <CardDescription className="mt-4">
            While maintenance mode is on, visitors to the shop see the maintenance message below
            instead of the products, and the cart button is hidden across the site. Turn it off to
            open the shop again.
          </CardDescription>
          <toggle.Form method="post" action="/admin?index" className="mt-6">
            <input type="hidden" name="intent" value="set-maintenance" />
            <div className="flex items-center gap-4 rounded-2xl border border-border/70 bg-background/50 px-4 py-4">
              <FormSwitch
                name="enabled"
                value={String(!isOn)}
                checked={isOn}
                disabled={saving}
                aria-labelledby={labelId}
                data-testid="maintenance-switch"
              />
              <span id={labelId} className="flex items-center gap-2 font-medium">
                <span
                  aria-hidden
                  className={cn("size-2.5 rounded-full", isOn ? "bg-destructive" : "bg-success")}
                />
                {isOn ? ADMIN_TEXT.maintenanceOn : ADMIN_TEXT.maintenanceOff}
              </span>
              {saving && (
                <Loader2 aria-label="Saving" className="ml-auto size-4 animate-spin text-primary" />
              )}
            </div>
          </toggle.Form>
        </div>

        <div className="flex-1 lg:border-l lg:border-border/60 lg:pl-12">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <h3 className="text-lg">Maintenance message</h3>
            {shop.wipMessage === defaultMessage && <Badge>Default message</Badge>}
          </div>
          {editing ? (
            <message.Form method="post" action="/admin?index" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="set-message" />
              <Label htmlFor="maintenance-message" className="sr-only">
                Maintenance message
              </Label>
              <Textarea
                id="maintenance-message"
                name="message"
                rows={4}
                maxLength={MAINTENANCE_MESSAGE_MAX_LENGTH}
                defaultValue={shop.wipMessage}
                autoFocus
                disabled={savingMessage}
              />
              <p className="text-xs leading-relaxed text-muted-foreground">
                Leave it empty to use the default: &ldquo;{defaultMessage}&rdquo;
              </p>
              <div className="flex flex-wrap gap-3">
                <SubmitButton size="sm" pending={savingMessage} disabled={savingMessage}>
                  Save
                </SubmitButton>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(false)}
                  disabled={savingMessage}
                >
                  Cancel
                </Button>
              </div>
            </message.Form>
          ) : (
            <div className="mt-4">
              <blockquote
                data-testid="maintenance-message"
                className="rounded-2xl border border-border/60 bg-background/50 px-5 py-4 font-display text-lg italic leading-relaxed text-foreground/90"
              >
                {shop.wipMessage}
              </blockquote>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-4"
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden /> Edit
              </Button>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
