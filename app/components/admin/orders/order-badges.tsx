/** An order's status and where its parcel is, as the list and the order's dialog show them. */
import { CalendarClock, PackageOpen, Truck } from "lucide-react";
import { formatReleaseDate } from "~/domain/shop/catalogue/preorder";
import { Badge } from "~/components/ui/badge";
import {
  ORDER_STATUS_TONES,
  isOrderStatus,
  needsShipping,
  orderStatusLabel,
} from "~/domain/shop/orders/order-admin";

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={isOrderStatus(status) ? ORDER_STATUS_TONES[status] : "muted"}>
      {orderStatusLabel(status)}
    </Badge>
  );
}

export function ShippingBadge({
  order,
}: {
  order: {
    paymentStatus: string;
    shippedAt: string | null;
    hasPhysical: boolean;
    preorderWaiting?: string | null;
  };
}) {
  if (order.shippedAt) {
    return (
      <Badge variant="muted">
        <Truck aria-hidden className="size-3" />
        Shipped
      </Badge>
    );
  }
  if (order.paymentStatus === "completed" && order.preorderWaiting) {
    return (
      <Badge variant="muted">
        <CalendarClock aria-hidden className="size-3" />
        Pre-order · {formatReleaseDate(order.preorderWaiting)}
      </Badge>
    );
  }
  if (needsShipping(order)) {
    return (
      <Badge variant="gold">
        <PackageOpen aria-hidden className="size-3" />
        To ship
      </Badge>
    );
  }
  return null;
}
