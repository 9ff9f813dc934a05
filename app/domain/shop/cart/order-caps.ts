/**
 * Caps checked before any payment provider is called: an absurd quantity once reached
 * PayPal as a $6.99 billion order and then failed in the database with a 500. A fan
 * buys a few copies; a bigger order is a conversation with the artist. A named price
 * (name your price) is held to the same order cap.
 */
import { formatWholeNumber } from "../../core/money";

export const MAX_LINE_QUANTITY = 99;
export const MAX_ORDER_TOTAL = 10_000;

export const ORDER_TOO_LARGE_MESSAGE = `Orders above $${formatWholeNumber(MAX_ORDER_TOTAL)} cannot be paid online. Please contact us to arrange a larger order.`;
