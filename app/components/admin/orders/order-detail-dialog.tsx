/**
 * One order in full (`?order=<id>`): status, amounts, the payment provider's ids,
 * the lines with their download links (used, limit, expiry), the shipping address and
 * state, and the actions: refund (full, after a confirmation), resend the download
 * links, mark shipped. The confirmations are modal dialogs of their own, rendered
 * beside this one (not inside it) so each keeps its own Tab loop.
 *
 * Toasts sit under a modal dialog's backdrop, so the outcome of an action is also
 * said inside the dialog (role=status), and failures beside the form (FormAlert).
 */
import { formatReleaseDate } from "~/domain/shop/catalogue/preorder";
import { useState } from "react";
import { CheckCircle2, Mail, RotateCcw, Truck } from "lucide-react";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DetailDialog } from "~/components/admin/kit/detail-dialog";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { AdminActionResult } from "~/domain/admin/admin-action";
import { MARK_SHIPPED_MAX } from "~/domain/shop/orders/mark-shipped";
import { countryName } from "~/domain/shop/shipping/shipping-rates";
import {
  canRefund,
  needsShipping,
  type OrderDetail,
  type OrderDetailLine,
} from "~/domain/shop/orders/order-admin";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import { formatDateTime, formatDay, formatMoney } from "~/components/admin/kit/format";
import { LINK_STATE_LABELS, providerLabel } from "./order-format";
import { OrderStatusBadge, ShippingBadge } from "./order-badges";
import { RefundDialog } from "./refund-dialog";

export interface OrderDetailDialogProps {
  /** The order, or null while none is open. */
  order: OrderDetail | null;
  /** The order in the address could not be found (or read): this message instead. */
  missing: string | null;
  onClose: () => void;
  timeZone: string;
}

export function OrderDetailDialog({ order, missing, onClose, timeZone }: OrderDetailDialogProps) {
  const [confirm, setConfirm] = useState<"refund" | "resend" | null>(null);
  const [notice, setNotice] = useState<{ orderId: string; text: string } | null>(null);
  const open = Boolean(order || missing);
  const announce = (data: AdminActionResult | undefined) => {
    if (order && data?.toast) {
      setNotice({
        orderId: order.id,
        text: [data.toast.title, data.toast.description].filter(Boolean).join(": "),
      });
    }
  };
  const close = () => {
    setNotice(null);
    onClose();
  };
  // The ship form unmounts as soon as the order reads shipped (the reload after the
  // action), before its fetcher settles; this twin of it (same key) lives on and
  // reports the outcome.
  useAdminFetcher({ key: shipFetcherKey(order?.id), onSuccess: announce });

  return (
    <>
      <DetailDialog
        open={open}
        onClose={close}
        title={order ? `Order #${order.shortId}` : "Order"}
        description={order ? order.customerEmail : undefined}
      >
        {order ? (
          <OrderDetailBody
            order={order}
            timeZone={timeZone}
            notice={notice?.orderId === order.id ? notice.text : null}
            onRefund={() => setConfirm("refund")}
            onResend={() => setConfirm("resend")}
          />
        ) : (
          <p role="alert" className="text-sm text-destructive">
            {missing}
          </p>
        )}
      </DetailDialog>
      {order && (
        <>
          <RefundDialog
            order={order}
            open={confirm === "refund"}
            onOpenChange={(next) => setConfirm(next ? "refund" : null)}
            onDone={announce}
          />
          <ConfirmDialog
            open={confirm === "resend"}
            onOpenChange={(next) => setConfirm(next ? "resend" : null)}
            title="Resend Download Links"
            description={`Send the order confirmation again to ${order.customerEmail}, with fresh download links? The links sent before stop working; the new ones start with the full number of downloads.`}
            confirmLabel="Send"
            pendingLabel="Sending..."
            confirmVariant="primary"
            icon={<Mail aria-hidden />}
            fields={{ intent: "resend", orderId: order.id }}
            onDone={announce}
          />
        </>
      )}
    </>
  );
}

function OrderDetailBody({
  order,
  timeZone,
  notice,
  onRefund,
  onResend,
}: {
  order: OrderDetail;
  timeZone: string;
  notice: string | null;
  onRefund: () => void;
  onResend: () => void;
}) {
  const refundable = canRefund(order);
  const resendable =
    order.paymentStatus === "completed" && order.lines.some((line) => line.hasDownload);
  const date = (iso: string) => formatDateTime(iso, timeZone);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.paymentStatus} />
        <ShippingBadge order={order} />
        <span className="ml-auto text-lg font-semibold">
          {formatMoney(order.totalAmount, order.currency)}
        </span>
      </div>
      {order.discountCode && (
        <p className="text-sm text-muted-foreground" data-testid="order-discount">
          Discount code <span className="font-mono text-foreground">{order.discountCode}</span>: −
          {formatMoney(order.discountAmount, order.currency)}
        </p>
      )}
      {order.shippingCountry && (
        <p className="text-sm text-muted-foreground" data-testid="order-shipping-cost">
          Shipping to <span className="text-foreground">{countryName(order.shippingCountry)}</span>
          {order.shippingZone ? ` (${order.shippingZone})` : ""}:{" "}
          <span className="text-foreground">
            {order.shippingAmount === 0
              ? "free"
              : formatMoney(order.shippingAmount, order.currency)}
          </span>
          , included in the total
        </p>
      )}

      <p
        role="status"
        className={notice ? "flex items-start gap-2 text-sm text-success" : "sr-only"}
      >
        {notice && <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />}
        {notice}
      </p>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label="Created">{date(order.createdAt)}</Fact>
        <Fact label="Last updated">{date(order.updatedAt)}</Fact>
        <Fact label="Payment provider">{providerLabel(order.provider)}</Fact>
        <Fact label="Provider order ID" mono>
          {order.providerOrderId}
        </Fact>
        <Fact label="Capture ID" mono>
          {order.captureId ?? "—"}
        </Fact>
        <Fact label="Order ID" mono>
          {order.id}
        </Fact>
        {(order.refundId || order.refundedAt) && (
          <>
            <Fact label="Refund ID" mono>
              {order.refundId ?? "—"}
            </Fact>
            <Fact label="Refunded">{order.refundedAt ? date(order.refundedAt) : "—"}</Fact>
          </>
        )}
      </dl>

      <section aria-labelledby={`${order.id}-items`} className="space-y-3">
        <h3 id={`${order.id}-items`} className="text-lg">
          Items
        </h3>
        <ul className="divide-y divide-border/60 rounded-xl border border-border/70">
          {order.lines.map((line) => (
            <OrderLineItem key={line.id} line={line} order={order} timeZone={timeZone} />
          ))}
        </ul>
      </section>

      {(order.hasPhysical || order.shippingAddress) && (
        <ShippingSection order={order} timeZone={timeZone} />
      )}

      {(refundable || resendable) && (
        <div className="flex flex-col-reverse gap-3 border-t border-border/60 pt-5 sm:flex-row sm:justify-end">
          {resendable && (
            <Button variant="outline" onClick={onResend}>
              <Mail aria-hidden />
              Resend Download Links
            </Button>
          )}
          {refundable && (
            <Button variant="destructive" onClick={onRefund}>
              <RotateCcw aria-hidden />
              Refund Order
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function Fact({
  label,
  mono = false,
  children,
}: {
  label: string;
  mono?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className={mono ? "font-mono text-xs break-all" : undefined}>{children}</dd>
    </div>
  );
}

function OrderLineItem({
  line,
  order,
  timeZone,
}: {
  line: OrderDetailLine;
  order: OrderDetail;
  timeZone: string;
}) {
  return (
    <li className="space-y-2 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">{line.title}</p>
        <p className="text-sm whitespace-nowrap text-muted-foreground">
          {line.quantity} × {formatMoney(line.unitPrice, order.currency)} ={" "}
          <span className="text-foreground">{formatMoney(line.lineTotal, order.currency)}</span>
        </p>
      </div>
      {line.preorderReleaseDate && (
        <p className="text-sm text-muted-foreground" data-testid="order-line-preorder">
          Pre-order · {line.released ? "released" : "releases"}{" "}
          {formatReleaseDate(line.preorderReleaseDate)}
        </p>
      )}
      {line.minimumPrice !== null && (
        <p className="text-sm text-muted-foreground" data-testid="order-line-named-price">
          Named price: the fan paid {formatMoney(line.unitPrice, order.currency)} (minimum{" "}
          {formatMoney(line.minimumPrice, order.currency)})
        </p>
      )}
      {line.hasDownload || line.links.length ? (
        line.links.length ? (
          <ul className="space-y-1 text-sm" aria-label={`Download links for ${line.title}`}>
            {line.links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-2">
                <Badge
                  variant={
                    link.state === "valid"
                      ? "success"
                      : link.state === "expired"
                        ? "destructive"
                        : "muted"
                  }
                >
                  {LINK_STATE_LABELS[link.state]}
                </Badge>
                <span>
                  Downloaded {link.downloadCount} of {link.downloadLimit}
                </span>
                <span className="text-muted-foreground">
                  Expires {formatDay(link.expiresAt, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No active download link.</p>
        )
      ) : null}
    </li>
  );
}

export function AddressLines({ address }: { address: ShippingAddress }) {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(" ");
  return (
    <address className="text-sm leading-relaxed not-italic">
      {[address.name, address.line1, address.line2, cityLine, address.region, address.country]
        .filter((part) => part && String(part).trim())
        .map((part, i) => (
          <span key={i} className="block">
            {part}
          </span>
        ))}
    </address>
  );
}

function ShippingSection({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <section aria-labelledby={`${order.id}-shipping`} className="space-y-3">
      <h3 id={`${order.id}-shipping`} className="text-lg">
        Shipping
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-border/70 p-3 sm:p-4">
          <p className="mb-1 text-xs tracking-wide text-muted-foreground uppercase">Ship to</p>
          {order.shippingAddress ? (
            <AddressLines address={order.shippingAddress} />
          ) : (
            <p className="text-sm text-muted-foreground">No shipping address recorded.</p>
          )}
        </div>
        <div className="rounded-xl border border-border/70 p-3 sm:p-4">
          {order.shippedAt ? (
            <div className="space-y-1 text-sm">
              <p className="flex items-center gap-2 font-medium">
                <Truck aria-hidden className="size-4 text-primary" />
                Shipped {formatDateTime(order.shippedAt, timeZone)}
              </p>
              <p className="text-muted-foreground">
                Carrier: <span className="text-foreground">{order.shippingCarrier ?? "—"}</span>
              </p>
              <p className="text-muted-foreground">
                Tracking number:{" "}
                <span className="font-mono break-all text-foreground">
                  {order.trackingNumber ?? "—"}
                </span>
              </p>
            </div>
          ) : order.paymentStatus === "completed" && order.preorderWaiting ? (
            <p className="text-sm text-muted-foreground" data-testid="preorder-waiting">
              Pre-order: to ship from its release date, {formatReleaseDate(order.preorderWaiting)}.
            </p>
          ) : needsShipping(order) ? (
            <MarkShippedForm orderId={order.id} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Not shipped. Only a completed order is shipped.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

const shipFetcherKey = (orderId: string | undefined) => `order-ship-${orderId ?? "none"}`;

function MarkShippedForm({ orderId }: { orderId: string }) {
  const { fetcher, busy, fieldErrors, failure } = useAdminFetcher({
    key: shipFetcherKey(orderId),
  });
  return (
    <fetcher.Form method="post" className="space-y-3" aria-label="Mark as shipped">
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="orderId" value={orderId} />
      <FormField id={`${orderId}-carrier`} label="Carrier (optional)" error={fieldErrors.carrier}>
        {(control) => (
          <Input
            {...control}
            name="carrier"
            maxLength={MARK_SHIPPED_MAX.carrier}
            placeholder="e.g. USPS"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        id={`${orderId}-tracking`}
        label="Tracking number (optional)"
        error={fieldErrors.trackingNumber}
      >
        {(control) => (
          <Input
            {...control}
            name="trackingNumber"
            maxLength={MARK_SHIPPED_MAX.trackingNumber}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormAlert message={failure} />
      <SubmitButton
        size="sm"
        disabled={busy}
        pending={busy}
        icon={<Truck aria-hidden />}
        className="w-full sm:w-auto"
      >
        Mark as Shipped
      </SubmitButton>
      <p className="text-xs text-muted-foreground">The buyer gets a shipping e-mail.</p>
    </fetcher.Form>
  );
}
