import { describe, expect, it } from "vitest";
import {
  SHIPPING_ADDRESS_MESSAGES,
  checkoutAsksAddress,
  formatShippingAddress,
  orderNeedsShipping,
  shippingAddressErrors,
  shippingAddressSchema,
} from "./shipping-address";
import { markShippedSchema, shippingDetailsSchema } from "../orders/mark-shipped";

const complete = {
  name: "  Ella Buyer ",
  line1: "12 Blue Note Lane",
  line2: "",
  city: "New Orleans",
  region: "",
  postalCode: "70116",
  country: "United States",
};

describe("orderNeedsShipping", () => {
  it("is true when any line is a CD, physical music or merchandise, whatever the case", () => {
    expect(orderNeedsShipping(["cd"])).toBe(true);
    expect(orderNeedsShipping(["sheet_music", "physical_music"])).toBe(true);
    expect(orderNeedsShipping(["digital_music", " Merchandise "])).toBe(true);
  });

  it("is false for digital-only orders and empty ones", () => {
    expect(orderNeedsShipping(["sheet_music", "digital_music", "free_content"])).toBe(false);
    expect(orderNeedsShipping([])).toBe(false);
  });
});

describe("checkoutAsksAddress", () => {
  it("asks the demo provider's buyer of goods always, PayPal's when a destination was priced", () => {
    expect(checkoutAsksAddress("demo", true, null)).toBe(true);
    expect(checkoutAsksAddress("demo", true, "DE")).toBe(true);
    // The PayPal order is created with the address, in the country charged for.
    expect(checkoutAsksAddress("paypal", true, "DE")).toBe(true);
    // No zones: PayPal asks its buyer itself.
    expect(checkoutAsksAddress("paypal", true, null)).toBe(false);
  });

  it("never asks for a digital-only cart, nor before the provider is known", () => {
    expect(checkoutAsksAddress("demo", false, null)).toBe(false);
    expect(checkoutAsksAddress("paypal", false, "DE")).toBe(false);
    expect(checkoutAsksAddress(null, true, "DE")).toBe(false);
  });
});

describe("shippingAddressSchema", () => {
  it("accepts a complete address, trimmed, with empty optional lines as null", () => {
    const parsed = shippingAddressSchema.safeParse(complete);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      name: "Ella Buyer",
      line1: "12 Blue Note Lane",
      line2: null,
      city: "New Orleans",
      region: null,
      postalCode: "70116",
      country: "United States",
    });
  });

  it("keeps line 2 and the region when given", () => {
    const parsed = shippingAddressSchema.parse({ ...complete, line2: "Apt 4", region: " LA " });
    expect(parsed).toMatchObject({ line2: "Apt 4", region: "LA" });
  });

  it.each([
    ["name", SHIPPING_ADDRESS_MESSAGES.name],
    ["line1", SHIPPING_ADDRESS_MESSAGES.line1],
    ["city", SHIPPING_ADDRESS_MESSAGES.city],
    ["postalCode", SHIPPING_ADDRESS_MESSAGES.postalCode],
    ["country", SHIPPING_ADDRESS_MESSAGES.country],
  ])("requires %s with a clear message", (field, message) => {
    expect(shippingAddressErrors({ ...complete, [field]: "   " })).toEqual({ [field]: message });
  });

  it("names every missing field of an empty address, and refuses what is not an object", () => {
    expect(shippingAddressErrors({})).toEqual({
      name: "Please enter the recipient's name.",
      line1: "Please enter the street address.",
      city: "Please enter the city.",
      postalCode: "Please enter the postal code.",
      country: "Please enter the country.",
    });
    expect(shippingAddressSchema.safeParse("12 Blue Note Lane").success).toBe(false);
  });

  it("refuses overlong values, optional lines included", () => {
    expect(shippingAddressErrors({ ...complete, postalCode: "1".repeat(21) })).toEqual({
      postalCode: "Please keep this under 20 characters.",
    });
    expect(shippingAddressErrors({ ...complete, line2: "x".repeat(201) })).toEqual({
      line2: "Please keep this under 200 characters.",
    });
  });
});

describe("formatShippingAddress", () => {
  it("gives the address as lines, leaving out what is empty", () => {
    expect(formatShippingAddress(shippingAddressSchema.parse(complete))).toEqual([
      "Ella Buyer",
      "12 Blue Note Lane",
      "70116 New Orleans",
      "United States",
    ]);
    expect(
      formatShippingAddress({ ...complete, line2: "Apt 4", region: "LA", country: "US" }),
    ).toEqual([
      "  Ella Buyer ",
      "12 Blue Note Lane",
      "Apt 4",
      "70116 New Orleans, LA",
      "United States",
    ]);
  });
});

describe("markShippedSchema", () => {
  it("takes carrier and tracking number as optional, empty meaning not given", () => {
    expect(
      markShippedSchema.parse({ orderId: "o-1", carrier: " USPS ", trackingNumber: "" }),
    ).toEqual({ orderId: "o-1", carrier: "USPS", trackingNumber: null });
    expect(shippingDetailsSchema.parse({})).toEqual({ carrier: null, trackingNumber: null });
  });

  it("refuses overlong details and a missing order id", () => {
    const result = markShippedSchema.safeParse({ orderId: "", carrier: "x".repeat(101) });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message).sort()).toEqual([
      "Carrier must be 100 characters or less",
      "The order could not be found. Please reload the page.",
    ]);
  });
});
