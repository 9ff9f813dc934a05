/**
 * The refund confirmation: the kit's ConfirmDialog, with one question more for an
 * order with physical goods, "Put the items back in stock", ticked when the order was
 * not shipped (the goods are still on the shelf), not when it was (they may never come
 * back). The box is the dialog's own state, posted as a field with the refund. The
 * buyer's refund mail is sent by the server either way.
 */
import { useEffect, useState } from "react";
import { RotateCcw } from "lucide-react";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { formatMoney } from "~/components/admin/kit/format";
import { Checkbox } from "~/components/ui/checkbox";
import type { AdminActionResult } from "~/domain/admin/admin-action";
import {
  ORDER_ADMIN_TEXT,
  restockByDefault,
  type OrderDetail,
} from "~/domain/shop/orders/order-admin";
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
  const [restock, setRestock] = useState(() => restockByDefault(order));
  const byDefault = restockByDefault(order);
  // Every opening starts from the order's default, which changes once it is shipped.
  useEffect(() => {
    if (open) setRestock(byDefault);
  }, [open, byDefault]);
  const links = order.lines.some((line) => line.hasDownload || line.links.length);
  const restockId = `refund-restock-${order.id}`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ORDER_ADMIN_TEXT.refundConfirmTitle}
      description={
        <>
          {`Refund ${formatMoney(order.totalAmount, order.currency)} in full to ${order.customerEmail} through ${providerLabel(order.provider)}? ${links ? "The order's download links stop working at once. " : ""}The buyer gets an e-mail. This cannot be undone.`}
          {order.hasPhysical && (
            <span className="mt-4 block rounded-xl border border-border/70 p-3">
              <label
                htmlFor={restockId}
                className="flex min-h-6 cursor-pointer items-center gap-3 font-medium text-foreground"
              >
                <Checkbox
                  id={restockId}
                  checked={restock}
                  onChange={(event) => setRestock(event.currentTarget.checked)}
                />
                {ORDER_ADMIN_TEXT.restockLabel}
              </label>
              <span className="mt-1 block pl-8 text-xs">
                {order.shippedAt
                  ? "This order was shipped: tick it only if the goods came back."
                  : "This order was not shipped, so its goods are still here."}
              </span>
            </span>
          )}
        </>
      }
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      icon={<RotateCcw aria-hidden />}
      fields={{ intent: "refund", orderId: order.id, restock: restock ? "true" : "false" }}
      onDone={onDone}
    />
  );
}
