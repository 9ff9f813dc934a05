/**
 * The artist's "mark shipped" form (admin only: this module uses zod, so only admin
 * routes and the server import it). Carrier and tracking number are optional; empty
 * text means "not given".
 */
import { z } from "../../core/zod";

export const MARK_SHIPPED_MAX = { carrier: 100, trackingNumber: 100 } as const;

export const MARK_SHIPPED_MESSAGES = {
  orderId: "The order could not be found. Please reload the page.",
  carrierTooLong: `Carrier must be ${MARK_SHIPPED_MAX.carrier} characters or less`,
  trackingTooLong: `Tracking number must be ${MARK_SHIPPED_MAX.trackingNumber} characters or less`,
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** Carrier and tracking number as given to `markOrderShipped`. */
export const shippingDetailsSchema = z.object({
  carrier: optionalText(MARK_SHIPPED_MAX.carrier, MARK_SHIPPED_MESSAGES.carrierTooLong),
  trackingNumber: optionalText(
    MARK_SHIPPED_MAX.trackingNumber,
    MARK_SHIPPED_MESSAGES.trackingTooLong,
  ),
});
export type ShippingDetails = z.output<typeof shippingDetailsSchema>;

/** The admin form: which order, plus the optional details. */
export const markShippedSchema = shippingDetailsSchema.extend({
  orderId: z.string().trim().min(1, MARK_SHIPPED_MESSAGES.orderId),
});
export type MarkShippedInput = z.output<typeof markShippedSchema>;
