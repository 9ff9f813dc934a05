/**
 * The demo provider's button: with no PayPal credentials, checkout takes the same
 * server steps (create the provider order, reserve stock, capture, record) and says
 * plainly that no money moves.
 */
import { useState } from "react";
import { FlaskConical, Loader2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { Cart } from "~/domain/shop/cart/cart";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import { createProviderOrder, recordOrder, type RecordedPurchase } from "~/lib/checkout-api";
import { orderCreationFailed, paymentProcessingFailed } from "./payment-feedback";
import {
  PaymentFailure,
  PaymentNotice,
  messageOf,
  type PaymentFailureInfo,
} from "./payment-status";

export interface DemoCheckoutProps {
  cart: Cart;
  email: string;
  /** Physical goods: where to send them (checked again by the server). */
  shippingAddress?: ShippingAddress | null;
  /** A discount code the server accepted for this cart; it checks it again. */
  discountCode?: string | null;
  /** Physical goods: the destination and the shipping shown for it (the server prices it). */
  shipping?: { country: string; amount: number } | null;
  onPurchased: (purchase: RecordedPurchase) => void;
}

export function DemoCheckout({
  cart,
  email,
  shippingAddress = null,
  discountCode = null,
  shipping = null,
  onPurchased,
}: DemoCheckoutProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PaymentFailureInfo | null>(null);

  async function pay() {
    setBusy(true);
    setFailure(null);
    let orderId: string;
    try {
      orderId = await createProviderOrder(
        cart,
        email,
        fetch,
        shippingAddress,
        discountCode,
        shipping,
      );
    } catch (error) {
      orderCreationFailed(error);
      setBusy(false);
      return;
    }
    try {
      onPurchased(await recordOrder(cart, email, orderId));
    } catch (error) {
      setFailure({ orderId, message: messageOf(error) });
      paymentProcessingFailed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="demo-checkout">
      <PaymentNotice title="Demonstration checkout" icon={FlaskConical}>
        <p>
          This shop is running in demo mode. No money moves and nothing is charged: the order is
          recorded and the download links are sent as in a real purchase.
        </p>
      </PaymentNotice>
      {failure && !busy && <PaymentFailure {...failure} />}
      <Button size="lg" className="w-full" onClick={pay} disabled={busy} aria-busy={busy}>
        {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
        {busy ? "Processing…" : "Complete demo payment"}
      </Button>
    </div>
  );
}
