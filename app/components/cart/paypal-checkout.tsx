/**
 * PayPal's Smart Buttons in the drawer, with every loading, error and retry state of
 * public-site spec §4 "Checkout" and §8: the SDK gets 3 attempts ("PayPal checkout
 * failed to load" with Retry), the buttons 15 s to render ("PayPal checkout is
 * temporarily unavailable" with Try again or Contact for payment).
 */
import { useEffect, useRef, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { AlertTriangle, RotateCcw } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Cart } from "~/domain/shop/cart/cart";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import {
  cancelProviderOrder,
  createProviderOrder,
  recordOrder,
  type RecordedPurchase,
} from "~/lib/checkout-api";
import {
  PAYPAL_BUTTON_STYLE,
  PAYPAL_RENDER_TIMEOUT_MS,
  RenderTimeoutError,
  loadPayPalSdk,
  paypalSdkUrl,
  withTimeout,
  type PayPalButtonsInstance,
} from "~/lib/paypal-sdk";
import { closeCartDrawer } from "~/lib/cart-drawer-state";
import type { loader as rootLoader } from "~/root";
import {
  alternativePayment,
  orderCreationFailed,
  paymentCancelled,
  paymentProcessingFailed,
  paypalFailed,
  paypalInitFailed,
  paypalLoadFailed,
} from "./payment-feedback";
import {
  PaymentFailure,
  PaymentNotice,
  Processing,
  messageOf,
  type PaymentFailureInfo,
} from "./payment-status";

function contactForPayment() {
  alternativePayment();
  closeCartDrawer();
}

type PayPalState = "loading" | "failed-to-load" | "rendering" | "ready" | "unavailable";

export interface PayPalCheckoutProps {
  clientId: string;
  sdkUrl: string;
  cart: Cart;
  email: string;
  /** A discount code the server accepted for this cart; it checks it again. */
  discountCode?: string | null;
  /** Physical goods: the destination and the shipping shown for it (the server prices it). */
  shipping?: { country: string; amount: number } | null;
  /** Physical goods to a priced destination: the address the PayPal order ships to. */
  shippingAddress?: ShippingAddress | null;
  onPurchased: (purchase: RecordedPurchase) => void;
}

export function PayPalCheckout({
  clientId,
  sdkUrl,
  cart,
  email,
  discountCode = null,
  shipping = null,
  shippingAddress = null,
  onPurchased,
}: PayPalCheckoutProps) {
  const nonce = useRouteLoaderData<typeof rootLoader>("root")?.nonce;
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PayPalState>("loading");
  const [attempt, setAttempt] = useState(0);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailureInfo | null>(null);

  // The buttons are rendered once; their callbacks read the latest cart and e-mail.
  const latest = useRef({ cart, email, discountCode, shipping, shippingAddress, onPurchased });
  latest.current = { cart, email, discountCode, shipping, shippingAddress, onPurchased };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let buttons: PayPalButtonsInstance | null = null;
    // createOrder's own toast is enough; PayPal then reports the same failure to onError.
    let creationFailed = false;
    // The order whose stock is held, until it is paid, cancelled or failed.
    let heldOrderId: string | null = null;
    setState("loading");

    loadPayPalSdk(paypalSdkUrl(sdkUrl, clientId), nonce).then(
      async (paypal) => {
        if (cancelled) return;
        setState("rendering");
        try {
          buttons = paypal.Buttons({
            style: PAYPAL_BUTTON_STYLE,
            async createOrder() {
              creationFailed = false;
              try {
                heldOrderId = await createProviderOrder(
                  latest.current.cart,
                  latest.current.email,
                  fetch,
                  latest.current.shippingAddress,
                  latest.current.discountCode,
                  latest.current.shipping,
                );
                return heldOrderId;
              } catch (error) {
                creationFailed = true;
                orderCreationFailed(error);
                throw error;
              }
            },
            async onApprove(data) {
              heldOrderId = null;
              setProcessing(true);
              setFailure(null);
              try {
                const purchase = await recordOrder(
                  latest.current.cart,
                  latest.current.email,
                  data.orderID,
                );
                latest.current.onPurchased(purchase);
              } catch (error) {
                setFailure({ orderId: data.orderID, message: messageOf(error) });
                paymentProcessingFailed();
              } finally {
                setProcessing(false);
              }
            },
            onCancel(data) {
              paymentCancelled();
              // Releases the stock held for this order at once instead of at expiry.
              const orderId = data?.orderID ?? heldOrderId;
              heldOrderId = null;
              if (orderId) void cancelProviderOrder(orderId);
            },
            onError() {
              if (heldOrderId) {
                void cancelProviderOrder(heldOrderId);
                heldOrderId = null;
              }
              if (creationFailed) {
                creationFailed = false;
                return;
              }
              paypalFailed();
            },
          });
          await withTimeout(buttons.render(container), PAYPAL_RENDER_TIMEOUT_MS);
          if (!cancelled) setState("ready");
        } catch (error) {
          if (cancelled) return;
          if (!(error instanceof RenderTimeoutError)) paypalInitFailed(error);
          setState("unavailable");
        }
      },
      () => {
        if (cancelled) return;
        paypalLoadFailed();
        setState("failed-to-load");
      },
    );

    return () => {
      cancelled = true;
      void buttons?.close?.().catch(() => {});
      container.replaceChildren();
    };
  }, [attempt, clientId, sdkUrl, nonce]);

  const retry = () => setAttempt((n) => n + 1);

  return (
    <div className="space-y-4" data-testid="paypal-checkout" data-state={state}>
      {state === "loading" && <Processing label="Loading PayPal checkout…" />}
      {state === "rendering" && <Processing label="Preparing payment buttons…" />}
      {state === "failed-to-load" && (
        <PaymentNotice tone="error" title="PayPal checkout failed to load">
          <p>We tried three times to reach PayPal. Check your connection and try again.</p>
          <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
            <RotateCcw aria-hidden /> Retry
          </Button>
        </PaymentNotice>
      )}
      {state === "unavailable" && (
        <PaymentNotice tone="error" title="PayPal checkout is temporarily unavailable">
          <p>The payment buttons could not be shown. You can try again, or pay another way.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={retry}>
              <RotateCcw aria-hidden /> Try again
            </Button>
            <Link
              to="/contact"
              onClick={contactForPayment}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              Contact for payment
            </Link>
          </div>
        </PaymentNotice>
      )}
      {failure && !processing && <PaymentFailure {...failure} />}
      <div className="relative">
        <div
          ref={containerRef}
          data-testid="paypal-buttons"
          // Visible while rendering: PayPal sizes its frames from the container.
          className={state === "ready" || state === "rendering" ? "min-h-[45px]" : "hidden"}
        />
        {processing && (
          <div className="absolute inset-0 flex items-center justify-center rounded-xl bg-card/90">
            <Processing label="Processing your payment…" />
          </div>
        )}
      </div>
    </div>
  );
}

export function PayPalUnavailable() {
  return (
    <PaymentNotice tone="error" title="PayPal checkout unavailable" icon={AlertTriangle}>
      <p>
        Online payment is not set up right now.{" "}
        <Link
          to="/contact"
          onClick={contactForPayment}
          className="text-primary underline-offset-4 hover:underline"
        >
          Contact us
        </Link>{" "}
        to complete your purchase.
      </p>
    </PaymentNotice>
  );
}
