/**
 * The payment toasts with the spec's texts (public-site spec §8 "Checkout and payment").
 */
import { toast } from "~/lib/toast";
import { CART_TOAST_POSITION } from "./cart-toasts";

import { messageOf } from "./payment-status";

export function orderCreationFailed(error: unknown) {
  toast.error("Order Creation Failed", {
    description: `Unable to create PayPal order: ${messageOf(error)}`,
    position: CART_TOAST_POSITION,
  });
}

export function paymentProcessingFailed() {
  toast.error("Payment Processing Error", {
    description:
      "There was an issue processing your payment. Please contact support with your PayPal transaction ID.",
    position: CART_TOAST_POSITION,
  });
}

export function paymentCancelled() {
  toast("Payment Cancelled", {
    description: "Your payment was cancelled. Your cart items are still saved.",
    position: CART_TOAST_POSITION,
  });
}

export function paypalFailed() {
  toast.error("PayPal Error", {
    description:
      "There was an issue with PayPal. Please try again or use a different payment method.",
    position: CART_TOAST_POSITION,
  });
}

export function paypalLoadFailed() {
  toast.error("PayPal Setup Error", {
    description: "Failed to load PayPal. Please refresh the page and try again.",
    position: CART_TOAST_POSITION,
  });
}

export function paypalInitFailed(error: unknown) {
  toast.error("PayPal Setup Error", {
    description: `Unable to initialize PayPal checkout: ${messageOf(error)}`,
    position: CART_TOAST_POSITION,
  });
}

export function alternativePayment() {
  toast("Alternative Payment", {
    description: "You can complete your purchase by contacting us directly.",
    position: CART_TOAST_POSITION,
  });
}
