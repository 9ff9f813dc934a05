import { useEffect, useState } from "react";
import { CreditCard, Pencil, RotateCcw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cartTotals, lineTotal, type Cart } from "~/domain/shop/cart/cart";
import { lineTitle } from "~/domain/shop/catalogue/item-variant";
import { formatPrice } from "~/domain/core/money";
import {
  formatShippingAddress,
  type ShippingAddress,
} from "~/domain/shop/shipping/shipping-address";
import {
  SHIPPING_COST_MESSAGES,
  countryName,
  shippingLineText,
} from "~/domain/shop/shipping/shipping-rates";
import {
  CheckoutError,
  fetchProviderConfig,
  previewDiscount,
  type ProviderConfig,
  type DiscountPreview,
  type RecordedPurchase,
} from "~/lib/checkout-api";
import { DiscountCodeField } from "./discount-code-field";
import { DemoCheckout } from "./demo-checkout";
import { PayPalCheckout, PayPalUnavailable } from "./paypal-checkout";
import { PaymentNotice, Processing } from "./payment-status";
import { CheckoutStepHeading } from "./checkout-step-heading";

export interface CheckoutPaymentStepProps {
  cart: Cart;
  email: string;
  onEditEmail: () => void;
  onPurchased: (purchase: RecordedPurchase) => void;
  /** Physical goods (demo provider, or PayPal to a priced destination): the address step's. */
  shippingAddress?: ShippingAddress | null;
  onEditAddress?: () => void;
  step?: number;
  steps?: number;
  /**
   * The code applied before the buyer left this step (to edit the address, say): it is
   * checked again on return, since the address or cart may have changed.
   */
  rememberedCode?: string | null;
  /** The applied code (or null), for the drawer to remember across steps. */
  onDiscountCodeChange?: (code: string | null) => void;
  /** Physical goods: the destination and the shipping the cart priced for it. */
  shipping?: { country: string; amount: number } | null;
}

type ConfigState =
  { status: "loading" } | { status: "failed" } | { status: "ready"; config: ProviderConfig };

/** Checkout step 2: the address (editable), the order summary and the payment buttons. */
export function CheckoutPaymentStep({
  cart,
  email,
  onEditEmail,
  onPurchased,
  shippingAddress = null,
  onEditAddress,
  step = 2,
  steps = 2,
  rememberedCode = null,
  onDiscountCodeChange,
  shipping = null,
}: CheckoutPaymentStepProps) {
  const [configState, setConfigState] = useState<ConfigState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const { total } = cartTotals(cart);
  // A code the server accepted for this cart; the order is created with it.
  const [discount, setDiscountState] = useState<DiscountPreview | null>(null);
  const discountCode = discount?.code ?? null;
  // A code can bring the goods under "free above": the server's priced figure wins.
  const shippingCharged = shipping ? (discount ? discount.shipping : shipping.amount) : 0;
  const shippingSent = shipping ? { country: shipping.country, amount: shippingCharged } : null;
  const [recheck, setRecheck] = useState<{ busy: boolean; error?: string }>({
    busy: Boolean(rememberedCode),
  });
  const setDiscount = (applied: DiscountPreview | null) => {
    setDiscountState(applied);
    onDiscountCodeChange?.(applied?.code ?? null);
  };

  // Back on this step with a code applied before: the server checks it again for this
  // address and cart; a refusal shows its message under the field.
  useEffect(() => {
    if (!rememberedCode) return;
    let cancelled = false;
    previewDiscount(cart, email, rememberedCode, fetch, shipping?.country ?? null).then(
      (applied) => {
        if (cancelled) return;
        setDiscountState(applied);
        setRecheck({ busy: false });
      },
      (failure: unknown) => {
        if (cancelled) return;
        onDiscountCodeChange?.(null);
        setRecheck({
          busy: false,
          error:
            failure instanceof CheckoutError
              ? failure.message
              : "The discount code could not be checked. Please apply it again.",
        });
      },
    );
    return () => {
      cancelled = true;
    };
    // Once, when the step opens: later changes go through the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let cancelled = false;
    setConfigState({ status: "loading" });
    fetchProviderConfig().then(
      (config) => !cancelled && setConfigState({ status: "ready", config }),
      () => !cancelled && setConfigState({ status: "failed" }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    // On phones the e-mail and address boxes follow the payment options (order-last),
    // so the total and the pay button are on screen without scrolling.
    <div className="flex flex-col gap-6" data-testid="checkout-payment-step">
      <CheckoutStepHeading icon={CreditCard} step={step} steps={steps} title="Payment" />

      <div className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-background/40 px-4 py-3 max-sm:order-last">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">Confirmation and downloads go to</p>
          <p className="truncate font-medium text-foreground" data-testid="checkout-email">
            {email}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onEditEmail} aria-label="Edit e-mail address">
          <Pencil aria-hidden /> Edit
        </Button>
      </div>

      {shippingAddress && (
        <div className="flex items-start justify-between gap-3 rounded-2xl border border-border bg-background/40 px-4 py-3 max-sm:order-last">
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">Shipping to</p>
            <address
              className="text-sm not-italic leading-relaxed text-foreground"
              data-testid="checkout-shipping-address"
            >
              {formatShippingAddress(shippingAddress).map((line, i) => (
                <span key={i} className="block break-words">
                  {line}
                </span>
              ))}
            </address>
          </div>
          {onEditAddress && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onEditAddress}
              aria-label="Edit shipping address"
            >
              <Pencil aria-hidden /> Edit
            </Button>
          )}
        </div>
      )}

      <div className="rounded-2xl border border-border/70 p-4">
        <h4 className="sr-only">Order summary</h4>
        <ul className="space-y-2 text-sm">
          {cart.map((line) => (
            <li key={line.id} className="flex justify-between gap-4">
              <span className="min-w-0 truncate text-muted-foreground">
                {lineTitle(line.product.title, line.variant?.label)}
                <span className="text-foreground/70"> × {line.quantity}</span>
              </span>
              <span className="tabular-nums text-foreground">{formatPrice(lineTotal(line))}</span>
            </li>
          ))}
        </ul>
        {discount && (
          <p
            className="mt-2 flex justify-between gap-4 text-sm text-primary"
            data-testid="checkout-discount"
          >
            <span>Discount ({discount.code})</span>
            <span className="tabular-nums">−{formatPrice(discount.discount)}</span>
          </p>
        )}
        {shipping && (
          <p
            className="mt-2 flex justify-between gap-4 text-sm text-muted-foreground"
            data-testid="checkout-shipping"
          >
            <span>
              {SHIPPING_COST_MESSAGES.line} to {countryName(shipping.country)}
            </span>
            <span className="tabular-nums text-foreground">
              {shippingLineText(shippingCharged)}
            </span>
          </p>
        )}
        <div className="mt-3 flex items-baseline justify-between border-t border-border/60 pt-3">
          <span className="font-medium text-foreground">Total</span>
          <span
            className="font-display text-2xl font-semibold text-primary tabular-nums"
            data-testid="checkout-total"
          >
            {formatPrice(
              discount ? discount.total : Math.round((total + shippingCharged) * 100) / 100,
            )}
          </span>
        </div>
        <div className="mt-4 border-t border-border/60 pt-4">
          <DiscountCodeField
            cart={cart}
            email={email}
            shippingCountry={shipping?.country ?? null}
            applied={discount}
            onChange={setDiscount}
            checking={recheck.busy}
            initialError={recheck.error}
          />
        </div>
      </div>

      {configState.status === "loading" && <Processing label="Loading payment options…" />}
      {configState.status === "failed" && (
        <PaymentNotice tone="error" title="PayPal checkout unavailable">
          <p>The payment options could not be loaded.</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-4"
            onClick={() => setAttempt((n) => n + 1)}
          >
            <RotateCcw aria-hidden /> Retry
          </Button>
        </PaymentNotice>
      )}
      {configState.status === "ready" &&
        (configState.config.provider === "demo" ? (
          <DemoCheckout
            cart={cart}
            email={email}
            shippingAddress={shippingAddress}
            discountCode={discountCode}
            shipping={shippingSent}
            onPurchased={onPurchased}
          />
        ) : configState.config.clientId && configState.config.sdkUrl ? (
          <PayPalCheckout
            clientId={configState.config.clientId}
            sdkUrl={configState.config.sdkUrl}
            cart={cart}
            email={email}
            discountCode={discountCode}
            shipping={shippingSent}
            shippingAddress={shippingAddress}
            onPurchased={onPurchased}
          />
        ) : (
          <PayPalUnavailable />
        ))}
    </div>
  );
}
