/**
 * The refund confirmation. Beside the kit's confirmation it asks one thing more for an
 * order with counted goods: "Put the items back in stock", ticked when the order was
 * not shipped (the goods are still on the shelf), not when it was (they may never
 * come back). The buyer's refund mail is sent by the server either way.
 */
import { useEffect, useState } from "react";
import { Loader2, RotateCcw } from "lucide-react";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { formatMoney } from "~/components/admin/kit/format";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog } from "~/components/ui/dialog";
import type { AdminActionResult } from "~/domain/admin-action";
import { ORDER_ADMIN_TEXT, restockByDefault, type OrderDetail } from "~/domain/order-admin";
import { providerLabel } from "./order-format";

export function RefundDialog({
  order,
  open,
  onOpenChange,
  onDone,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (data: AdminActionResult | undefined) => void;
}) {
  const [busy, setBusy] = useState(false);
  const links = order.lines.some((line) => line.hasDownload || line.links.length);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setBusy(false);
        onOpenChange(false);
      }}
      role="alertdialog"
      title={ORDER_ADMIN_TEXT.refundConfirmTitle}
      description={`Refund ${formatMoney(order.totalAmount, order.currency)} in full to ${order.customerEmail} through ${providerLabel(order.provider)}? ${links ? "The order's download links stop working at once. " : ""}The buyer gets an e-mail. This cannot be undone.`}
      dismissible={!busy}
      className="w-[min(100vw-2rem,28rem)]"
    >
      {/* Mounted per opening, so the box starts from the order's default each time. */}
      {open && (
        <RefundForm
          order={order}
          onBusyChange={setBusy}
          onCancel={() => onOpenChange(false)}
          onDone={(data) => {
            onDone(data);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

function RefundForm({
  order,
  onBusyChange,
  onCancel,
  onDone,
}: {
  order: OrderDetail;
  onBusyChange: (busy: boolean) => void;
  onCancel: () => void;
  onDone: (data: AdminActionResult | undefined) => void;
}) {
  const { fetcher, busy, failure } = useAdminFetcher({ onSuccess: onDone });
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const restockId = `refund-restock-${order.id}`;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="orderId" value={order.id} />
      {order.hasPhysical && (
        <div className="mt-4 rounded-xl border border-border/70 p-3">
          <label
            htmlFor={restockId}
            className="flex min-h-6 cursor-pointer items-center gap-3 text-sm font-medium"
          >
            <Checkbox
              id={restockId}
              name="restock"
              value="true"
              defaultChecked={restockByDefault(order)}
              aria-describedby={`${restockId}-hint`}
            />
            {ORDER_ADMIN_TEXT.restockLabel}
          </label>
          <p id={`${restockId}-hint`} className="mt-1 pl-8 text-xs text-muted-foreground">
            {order.shippedAt
              ? "This order was shipped: tick it only if the goods came back."
              : "This order was not shipped, so its goods are still here."}
          </p>
        </div>
      )}
      <FormAlert message={failure} className="mt-2" />
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" data-autofocus disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : <RotateCcw aria-hidden />}
          {busy ? "Refunding..." : "Refund"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
