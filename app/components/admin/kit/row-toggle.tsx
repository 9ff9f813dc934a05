import { FormSwitch } from "~/components/ui/switch";
import { useRowControls } from "./row-controls";
import { useAdminFetcher } from "./use-admin-fetcher";

export interface RowToggleProps {
  id: string;
  /** Which flag, as the action knows it: "isActive", "isVisible", "isFeatured" … */
  flag: string;
  checked: boolean;
  /** Accessible name, e.g. `Visible: Blue in Green`. */
  label: string;
  /** Posted as `intent`; the table's set-flag intent unless told. */
  intent?: string;
  /** Where to post; the table's (or the current route's) action unless told. */
  action?: string;
  disabled?: boolean;
}

/**
 * An Active / Visible / Featured switch in a table row. It posts intent, id, flag and
 * the new value (“true”/“false”) and shows the new state at once; a failed save
 * flips it back. Without JavaScript it is the form's submit button (FormSwitch).
 */
export function RowToggle({ id, flag, checked, label, intent, action, disabled }: RowToggleProps) {
  const table = useRowControls();
  const { fetcher, busy } = useAdminFetcher();
  const pending = fetcher.formData?.get("value");
  const on = pending == null ? checked : pending === "true";
  return (
    <fetcher.Form method="post" action={action ?? table.action} className="inline-flex">
      <input type="hidden" name="intent" value={intent ?? table.intents.setFlag} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="flag" value={flag} />
      <FormSwitch
        name="value"
        value={String(!on)}
        checked={on}
        aria-label={label}
        disabled={disabled}
        // Not `disabled` while saving: that would throw keyboard focus off the switch.
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        className={busy ? "opacity-70" : undefined}
      />
    </fetcher.Form>
  );
}
