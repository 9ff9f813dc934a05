/**
 * Where a physical order goes. Stored with the order (orders.shipping_address) from
 * the payment provider's purchase unit, or from the checkout drawer with the demo provider.
 */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  /** State, province or county, where the country uses one. */
  region?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2 where the provider gives one, else the buyer's words. */
  country: string;
}
