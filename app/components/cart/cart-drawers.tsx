/**
 * The cart drawer with checkout inside it, and the purchase confirmation drawer
 * (public-site spec §2 "Cart drawer", "Purchase confirmation drawer", §4 "Checkout"
 * and "Payment"). Loaded on first use, so pages that never open the cart never
 * download checkout code.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ArrowLeft, ArrowRight, MailCheck, ShoppingBag } from "lucide-react";
import { toast } from "~/lib/toast";
import { CART_TOAST_POSITION } from "./cart-toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Drawer } from "~/components/ui/drawer";
import { cartTotals, type Cart } from "~/domain/shop/cart/cart";
import { formatPrice } from "~/domain/core/money";
import {
  checkoutAsksAddress,
  orderNeedsShipping,
  type ShippingAddress,
} from "~/domain/shop/shipping/shipping-address";
import { SHIPPING_COST_MESSAGES, shippingLineText } from "~/domain/shop/shipping/shipping-rates";
import {
  CheckoutError,
  PAYMENT_SUCCESS_TITLE,
  fetchProviderConfig,
  fetchShippingDestinations,
  previewShipping,
  type ShippingDestinations,
  hasSheetMusicDownload,
  paymentSuccessDescription,
  type RecordedPurchase,
} from "~/lib/checkout-api";
import { clearCart, useCart } from "~/lib/cart-store";
import { closeCartDrawer, useCartDrawerOpen } from "~/lib/cart-drawer-state";
import { CartLine } from "./cart-line";
import {
  CheckoutAddressStep,
  EMPTY_ADDRESS,
  type ShippingAddressDraft,
} from "./checkout-address-step";
import { CheckoutEmailStep } from "./checkout-email-step";
import { CheckoutPaymentStep } from "./checkout-payment-step";
import { ShipToField, type ShippingQuoteState } from "./ship-to-field";

type View = "cart" | "email" | "address" | "payment";

/** Physical goods in the cart (by the item's own category, as the server decides). */
const cartNeedsShipping = (cart: Cart) =>
  orderNeedsShipping(cart.map((line) => line.product.sourceCategory));

/**
 * Which provider checkout will use, asked once per page: it decides whether the drawer
 * asks for the shipping address (checkoutAsksAddress). A failed answer is forgotten,
 * so the next checkout asks again.
 */
let providerRequest: Promise<"paypal" | "demo" | null> | null = null;
function checkoutProvider(): Promise<"paypal" | "demo" | null> {
  providerRequest ??= fetchProviderConfig().then(
    (config) => config.provider,
    () => {
      providerRequest = null;
      return null;
    },
  );
  return providerRequest;
}

/** The countries the cart offers, asked once per page; a failure is asked again next time. */
let destinationsRequest: Promise<ShippingDestinations> | null = null;
function shippingDestinations(): Promise<ShippingDestinations> {
  destinationsRequest ??= fetchShippingDestinations().catch((error: unknown) => {
    destinationsRequest = null;
    throw error;
  });
  return destinationsRequest;
}

export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"} in your cart`;
}

export default function CartDrawers() {
  const open = useCartDrawerOpen();
  const cart = useCart();
  const revalidator = useRevalidator();
  const [view, setView] = useState<View>("cart");
  const [email, setEmail] = useState("");
  // An applied discount code, kept while the buyer goes back to edit the address.
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const [addressDraft, setAddressDraft] = useState<ShippingAddressDraft>(EMPTY_ADDRESS);
  const [shippingAddress, setShippingAddress] = useState<ShippingAddress | null>(null);
  const [provider, setProvider] = useState<"paypal" | "demo" | null>(null);
  const [confirmation, setConfirmation] = useState({ open: false, email: "" });
  const stepRef = useRef<HTMLDivElement>(null);
  const previousView = useRef<View>(view);
  const { itemCount, subtotal } = cartTotals(cart);
  const needsShipping = cartNeedsShipping(cart);
  const [destinations, setDestinations] = useState<ShippingDestinations | null>(null);
  const [shipTo, setShipTo] = useState("");
  const [quote, setQuote] = useState<ShippingQuoteState>({ status: "idle" });
  // Asked only when something ships and the artist has set up zones (decision 039).
  const asksCountry = needsShipping && destinations?.setUp === true;
  const shippingAmount = asksCountry && quote.status === "rate" ? quote.amount : 0;
  const shippingReady =
    !needsShipping || (destinations !== null && (!asksCountry || quote.status === "rate"));
  const total = Math.round((subtotal + shippingAmount) * 100) / 100;
  const shipping = asksCountry && shipTo ? { country: shipTo, amount: shippingAmount } : null;
  // Physical goods have a third step, the shipping address: always with the demo
  // provider, and with PayPal when shipping was priced for a country (the PayPal order
  // is then created with the address, which its buyer cannot change).
  const destination = shipping?.country ?? null;
  const asksAddress = checkoutAsksAddress(provider, needsShipping, destination);
  const steps = asksAddress ? 3 : 2;

  // The countries, once the drawer shows physical items.
  useEffect(() => {
    if (!open || !needsShipping || destinations) return;
    let cancelled = false;
    shippingDestinations().then(
      (answer) => {
        if (cancelled) return;
        setDestinations(answer);
        if (answer.home) setShipTo((current) => current || answer.home!);
      },
      (error: unknown) =>
        !cancelled &&
        setQuote({
          status: "failed",
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [open, needsShipping, destinations]);

  // The server prices shipping for the country and the lines as they are now.
  const linesKey = cart
    .map((line) => `${line.product.id}:${line.quantity}:${line.pricePerItem}`)
    .join(",");
  useEffect(() => {
    if (!asksCountry || !shipTo) {
      setQuote({ status: "idle" });
      return;
    }
    let cancelled = false;
    setQuote({ status: "loading" });
    previewShipping(cart, shipTo).then(
      (preview) => {
        if (cancelled) return;
        if (preview.kind === "unavailable")
          setQuote({ status: "unavailable", message: preview.message });
        else setQuote({ status: "rate", amount: preview.amount });
      },
      (error: unknown) =>
        !cancelled &&
        setQuote({
          status: "failed",
          message:
            error instanceof CheckoutError ? error.message : SHIPPING_COST_MESSAGES.chooseFirst,
        }),
    );
    return () => {
      cancelled = true;
    };
    // The lines' key stands for the cart: a new array with the same lines prices nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asksCountry, shipTo, linesKey]);

  // Known before the e-mail step ends, so the step count is right from the start.
  useEffect(() => {
    if (view === "cart" || provider) return;
    let cancelled = false;
    void checkoutProvider().then((answer) => !cancelled && setProvider(answer));
    return () => {
      cancelled = true;
    };
  }, [view, provider]);

  async function afterEmail() {
    const answer = provider ?? (await checkoutProvider());
    if (answer && answer !== provider) setProvider(answer);
    setView(checkoutAsksAddress(answer, needsShipping, destination) ? "address" : "payment");
  }

  // The button that changed the step is gone; focus goes to the new step (the e-mail
  // and address steps focus their first input themselves).
  useEffect(() => {
    if (previousView.current === view) return;
    previousView.current = view;
    if (open && view !== "email" && view !== "address") {
      stepRef.current?.focus({ preventScroll: true });
    }
  }, [view, open]);

  // Checkout starts from the cart each time the drawer opens, and an emptied cart
  // (another tab, or the last line removed) has nothing to check out.
  useEffect(() => {
    if (!open || cart.length === 0) setView("cart");
  }, [open, cart.length]);

  const closeConfirmation = () => setConfirmation((c) => ({ ...c, open: false }));

  function handleClear() {
    clearCart();
    toast("Cart cleared", { duration: 2000, position: CART_TOAST_POSITION });
  }

  function handlePurchased(purchase: RecordedPurchase) {
    clearCart();
    setDiscountCode(null);
    closeCartDrawer();
    setView("cart");
    // Stock and purchase counts have changed: the shop page reads them again.
    void revalidator.revalidate();
    toast.success(PAYMENT_SUCCESS_TITLE, {
      description: paymentSuccessDescription(purchase),
      duration: 8000,
      position: CART_TOAST_POSITION,
    });
    if (hasSheetMusicDownload(purchase.orders)) {
      setConfirmation({ open: true, email: purchase.customerEmail });
    }
  }

  const footer =
    view === "cart" ? (
      cart.length > 0 ? (
        <div className="space-y-4">
          <dl className="space-y-1.5 text-sm">
            <div className="flex justify-between text-muted-foreground">
              <dt>Subtotal</dt>
              <dd className="tabular-nums" data-testid="cart-subtotal">
                {formatPrice(subtotal)}
              </dd>
            </div>
            {asksCountry && (
              <div className="flex justify-between text-muted-foreground">
                <dt>{SHIPPING_COST_MESSAGES.line}</dt>
                <dd className="tabular-nums" data-testid="cart-shipping">
                  {quote.status === "rate" ? shippingLineText(quote.amount) : "—"}
                </dd>
              </div>
            )}
            <div className="flex items-baseline justify-between">
              <dt className="font-medium text-foreground">Total</dt>
              <dd
                className="font-display text-2xl font-semibold text-primary tabular-nums"
                data-testid="cart-total"
              >
                {formatPrice(total)}
              </dd>
            </div>
          </dl>
          {/* On phones a column (checkout first, full height); side by side from sm. */}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={handleClear} className="sm:w-auto">
              Clear Cart
            </Button>
            <Button
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              onClick={() => setView("email")}
              disabled={!shippingReady}
            >
              Proceed to Checkout <ArrowRight aria-hidden />
            </Button>
          </div>
        </div>
      ) : null
    ) : (
      <Button variant="outline" className="w-full" onClick={() => setView("cart")}>
        <ArrowLeft aria-hidden /> Back to Cart
      </Button>
    );

  return (
    <>
      <Drawer
        open={open}
        onClose={closeCartDrawer}
        title="Shopping Cart"
        description={itemCountText(itemCount)}
        footer={footer}
        data-testid="cart-drawer"
      >
        <div ref={stepRef} tabIndex={-1} className="h-full outline-none">
          {view === "cart" &&
            (cart.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center py-10 text-center">
                <span className="inline-flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/30">
                  <ShoppingBag aria-hidden className="size-7" />
                </span>
                <p className="mt-6 font-display text-2xl text-foreground">Your cart is empty</p>
                <p className="mt-2 text-muted-foreground">Add some items to get started!</p>
                <Link
                  to="/shop"
                  onClick={closeCartDrawer}
                  className={buttonVariants({ variant: "outline", className: "mt-8" })}
                >
                  Browse the shop
                </Link>
              </div>
            ) : (
              <>
                <ul className="divide-y divide-border/60" aria-label="Cart items">
                  {cart.map((line) => (
                    <CartLine key={line.id} line={line} cart={cart} />
                  ))}
                </ul>
                {needsShipping && (asksCountry || !destinations) && (
                  <ShipToField
                    destinations={destinations}
                    country={shipTo}
                    onChange={setShipTo}
                    quote={quote}
                  />
                )}
              </>
            ))}
          {view === "email" && (
            <CheckoutEmailStep
              initialEmail={email}
              onChange={setEmail}
              steps={steps}
              onSubmit={(value) => {
                setEmail(value);
                void afterEmail();
              }}
            />
          )}
          {view === "address" && (
            <CheckoutAddressStep
              initialAddress={addressDraft}
              fixedCountry={shipping?.country ?? null}
              step={2}
              steps={3}
              onSubmit={(address, draft) => {
                setShippingAddress(address);
                setAddressDraft(draft);
                setView("payment");
              }}
            />
          )}
          {view === "payment" && (
            <CheckoutPaymentStep
              cart={cart}
              email={email}
              onEditEmail={() => setView("email")}
              onPurchased={handlePurchased}
              shippingAddress={asksAddress ? shippingAddress : null}
              onEditAddress={() => setView("address")}
              step={steps}
              steps={steps}
              rememberedCode={discountCode}
              onDiscountCodeChange={setDiscountCode}
              shipping={shipping}
            />
          )}
        </div>
      </Drawer>

      <Drawer
        open={confirmation.open}
        onClose={closeConfirmation}
        title="Purchase Confirmed - Check Your Email"
        size="fit"
        data-testid="purchase-confirmation"
        footer={
          <Button size="lg" className="w-full" onClick={closeConfirmation}>
            Continue Shopping
          </Button>
        }
      >
        <div className="flex flex-col items-center py-8 text-center sm:py-10">
          <span className="inline-flex size-20 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/30">
            <MailCheck aria-hidden className="size-9" />
          </span>
          <p className="mt-8 font-display text-2xl text-foreground">
            Download links sent to your email
          </p>
          <p
            className="mt-3 break-all text-lg font-medium text-primary"
            data-testid="confirmation-email"
          >
            {confirmation.email}
          </p>
          <p className="mx-auto mt-6 max-w-md text-sm leading-relaxed text-muted-foreground">
            Each link downloads your sheet music as a PDF. If the message does not arrive within a
            few minutes, check your spam folder.
          </p>
        </div>
      </Drawer>
    </>
  );
}
