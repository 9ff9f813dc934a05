/**
 * The browser side of checkout: the three JSON endpoints of the shop contract
 * (public-site spec §7) and what their answers mean for the buyer (§4 "Payment", §8).
 * The server re-prices everything; the checks here only spare a round trip.
 */
import { cartTotals, type Cart } from "~/domain/shop/cart/cart";
import { validateOrderRequest } from "~/domain/shop/cart/order-validation";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";

export type Fetch = typeof fetch;

export interface ProviderConfig {
  clientId: string | null;
  environment: "sandbox" | "live" | "demo";
  provider: "paypal" | "demo";
  sdkUrl: string | null;
}

export interface RecordedOrder {
  id: string;
  download_token: string | null;
  shop_items: { category: string; has_download: boolean };
}

export interface RecordedPurchase {
  customerEmail: string;
  orders: RecordedOrder[];
}

/** A failure with the message the buyer should read. */
export class CheckoutError extends Error {
  override name = "CheckoutError";
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function postJson(fetcher: Fetch, url: string, body: unknown): Promise<Response> {
  return fetcher(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const data: unknown = await response.json();
    return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function fetchProviderConfig(fetcher: Fetch = fetch): Promise<ProviderConfig> {
  const response = await fetcher("/api/provider-config", {
    headers: { Accept: "application/json" },
  });
  const data = await readJson(response);
  if (!response.ok || !data) {
    throw new CheckoutError(`Payment settings could not be loaded (${response.status})`);
  }
  const provider = data.provider === "demo" ? "demo" : "paypal";
  return {
    clientId: typeof data.clientId === "string" && data.clientId ? data.clientId : null,
    environment:
      data.environment === "live" || data.environment === "demo" ? data.environment : "sandbox",
    provider,
    sdkUrl: typeof data.sdkUrl === "string" && data.sdkUrl ? data.sdkUrl : null,
  };
}

/** The spec's order rules, checked before anything is sent. Null when the cart is fine. */
export function checkoutProblem(cart: Cart, customerEmail: string): string | null {
  return validateOrderRequest({
    items: cart.map((line) => ({
      shopItemId: line.product.id,
      title: line.product.title,
      quantity: line.quantity,
      pricePerItem: line.pricePerItem,
    })),
    totalAmount: cartTotals(cart).total,
    customerEmail,
  });
}

/** The cart as the pricing endpoints read it (the server prices it again). */
function cartBody(cart: Cart, customerEmail: string) {
  return {
    items: cart.map((line) => ({
      id: line.product.id,
      title: line.product.title,
      price: line.pricePerItem,
      quantity: line.quantity,
      category: line.product.sourceCategory,
      ...(line.variant ? { variantId: line.variant.id, variantLabel: line.variant.label } : {}),
    })),
    customerEmail: customerEmail.trim(),
  };
}

/** The cart priced with a discount code by the server (what the order will cost). */
export interface DiscountPreview {
  code: string;
  subtotal: number;
  discount: number;
  /** Shipping to the chosen country, included in the total (0 when nothing ships). */
  shipping: number;
  total: number;
}

/** Where the cart ships to, as the server priced it. */
export type ShippingPreview =
  | { kind: "rate"; amount: number; zoneName: string }
  | { kind: "none"; amount: 0 }
  | { kind: "unavailable"; message: string };

/** What the cart's "Ship to" select offers (GET /api/shipping-countries). */
export interface ShippingDestinations {
  countries: string[];
  home: string | null;
  setUp: boolean;
}

export async function fetchShippingDestinations(
  fetcher: Fetch = fetch,
): Promise<ShippingDestinations> {
  const response = await fetcher("/api/shipping-countries", {
    headers: { Accept: "application/json" },
  });
  const data = await readJson(response);
  if (!response.ok || !data || !Array.isArray(data.countries)) {
    throw new CheckoutError("The shipping countries could not be loaded. Please try again.");
  }
  return {
    countries: data.countries.filter((c): c is string => typeof c === "string"),
    home: typeof data.home === "string" ? data.home : null,
    setUp: data.setUp === true,
  };
}

function readShipping(value: unknown): ShippingPreview | null {
  if (!value || typeof value !== "object") return null;
  const shipping = value as Record<string, unknown>;
  if (shipping.kind === "rate" && isNumber(shipping.amount)) {
    return {
      kind: "rate",
      amount: shipping.amount,
      zoneName: typeof shipping.zoneName === "string" ? shipping.zoneName : "",
    };
  }
  if (shipping.kind === "none") return { kind: "none", amount: 0 };
  if (shipping.kind === "unavailable" && typeof shipping.message === "string") {
    return { kind: "unavailable", message: shipping.message };
  }
  return null;
}

/**
 * POST /api/price-cart without a code: shipping for the cart to a country, priced by
 * checkout's own rules (the browser never computes it).
 */
export async function previewShipping(
  cart: Cart,
  shippingCountry: string,
  fetcher: Fetch = fetch,
): Promise<ShippingPreview> {
  const failed = "Shipping could not be priced. Please try again.";
  let response: Response;
  try {
    response = await postJson(fetcher, "/api/price-cart", {
      ...cartBody(cart, ""),
      shippingCountry,
    });
  } catch {
    throw new CheckoutError(failed);
  }
  const data = await readJson(response);
  if (!response.ok) {
    throw new CheckoutError(typeof data?.error === "string" && data.error ? data.error : failed);
  }
  const shipping = readShipping(data?.shipping);
  if (!shipping) throw new CheckoutError(failed);
  return shipping;
}

const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * POST /api/price-cart: the server prices the cart with the typed code, by checkout's
 * own rules. Throws CheckoutError with the server's plain message when the code does
 * not apply.
 */
export async function previewDiscount(
  cart: Cart,
  customerEmail: string,
  discountCode: string,
  fetcher: Fetch = fetch,
  shippingCountry: string | null = null,
): Promise<DiscountPreview> {
  let response: Response;
  try {
    response = await postJson(fetcher, "/api/price-cart", {
      ...cartBody(cart, customerEmail),
      discountCode,
      ...(shippingCountry ? { shippingCountry } : {}),
    });
  } catch {
    throw new CheckoutError("The discount code could not be checked. Please try again.");
  }
  const data = await readJson(response);
  if (!response.ok) {
    const reason = typeof data?.error === "string" && data.error ? data.error : null;
    throw new CheckoutError(
      reason ?? `The discount code could not be checked (${response.status})`,
    );
  }
  if (
    typeof data?.code !== "string" ||
    !isNumber(data.subtotal) ||
    !isNumber(data.discount) ||
    !isNumber(data.total)
  ) {
    throw new CheckoutError("The discount code could not be checked. Please try again.");
  }
  const shipping = readShipping(data.shipping);
  return {
    code: data.code,
    subtotal: data.subtotal,
    discount: data.discount,
    shipping: shipping?.kind === "rate" ? shipping.amount : 0,
    total: data.total,
  };
}

/**
 * POST /api/create-provider-order → the provider's order id. The server reserves
 * tracked stock here. Throws CheckoutError with the spec's message. The shipping
 * address goes along when the buyer gave one (physical goods: the demo provider, or
 * PayPal to the destination the cart priced).
 */
export async function createProviderOrder(
  cart: Cart,
  customerEmail: string,
  fetcher: Fetch = fetch,
  shippingAddress: ShippingAddress | null = null,
  discountCode: string | null = null,
  /** Physical goods: the destination and the shipping the cart showed for it. */
  shipping: { country: string; amount: number } | null = null,
): Promise<string> {
  const problem = checkoutProblem(cart, customerEmail);
  if (problem) throw new CheckoutError(problem);
  let response: Response;
  try {
    response = await postJson(fetcher, "/api/create-provider-order", {
      ...cartBody(cart, customerEmail),
      ...(shippingAddress ? { shippingAddress } : {}),
      ...(discountCode ? { discountCode } : {}),
      ...(shipping ? { shippingCountry: shipping.country, shippingAmount: shipping.amount } : {}),
    });
  } catch (error) {
    throw new CheckoutError(`Failed to create order: ${errorMessage(error)}`);
  }
  const data = await readJson(response);
  if (!response.ok) {
    const reason = typeof data?.error === "string" ? data.error : null;
    throw new CheckoutError(reason ?? `Failed to create order: ${response.status}`);
  }
  if (typeof data?.orderID !== "string" || !data.orderID) {
    throw new CheckoutError("Invalid response from order creation");
  }
  return data.orderID;
}

/**
 * POST /api/create-order: the server captures the payment and records the orders.
 * Throws CheckoutError when nothing was recorded.
 */
export async function recordOrder(
  cart: Cart,
  customerEmail: string,
  providerOrderId: string,
  fetcher: Fetch = fetch,
): Promise<RecordedPurchase> {
  let response: Response;
  try {
    response = await postJson(fetcher, "/api/create-order", {
      customerEmail: customerEmail.trim(),
      paypalOrderId: providerOrderId,
      items: cart.map((line) => ({
        shopItemId: line.product.id,
        quantity: line.quantity,
        pricePerItem: line.pricePerItem,
      })),
      totalAmount: cartTotals(cart).total,
    });
  } catch (error) {
    throw new CheckoutError(errorMessage(error));
  }
  const data = await readJson(response);
  if (!response.ok || data?.success !== true || !Array.isArray(data.orders)) {
    const reason = typeof data?.error === "string" && data.error ? data.error : null;
    throw new CheckoutError(reason ?? `Order recording failed (${response.status})`);
  }
  const email =
    typeof data.customerEmail === "string" && data.customerEmail.trim()
      ? data.customerEmail.trim()
      : customerEmail.trim();
  return { customerEmail: email, orders: data.orders as RecordedOrder[] };
}

/** Releases the stock held for a cancelled provider order; best effort. */
export function cancelProviderOrder(orderID: string, fetcher: Fetch = fetch): Promise<void> {
  return postJson(fetcher, "/api/cancel-provider-order", { orderID }).then(
    () => undefined,
    () => undefined,
  );
}

/** Whether a sheet-music line came with a download link (the confirmation drawer). */
export function hasSheetMusicDownload(orders: readonly RecordedOrder[]): boolean {
  return orders.some(
    (order) =>
      order.shop_items?.category === "sheet_music" &&
      order.shop_items.has_download === true &&
      Boolean(order.download_token),
  );
}

export const PAYMENT_SUCCESS_TITLE = "Payment Successful! 🎉";

/** The success toast's text; the download sentence only when sheet music was bought. */
export function paymentSuccessDescription(purchase: RecordedPurchase): string {
  const base = "Your order has been processed successfully! Thank you for your purchase!";
  return hasSheetMusicDownload(purchase.orders)
    ? `${base} You can download your files using the links sent to ${purchase.customerEmail}.`
    : base;
}
