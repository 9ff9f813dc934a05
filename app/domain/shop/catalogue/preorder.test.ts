import { describe, expect, it } from "vitest";
import {
  PREORDER_MESSAGES,
  awaitingRelease,
  buyersToldDescription,
  formatReleaseDate,
  isPreorder,
  preorderCountLabel,
  preorderLabel,
  preorderMailSentence,
  releaseDateProblem,
  releaseMovedSentence,
} from "./preorder";
import { needsShipping, preorderWaiting } from "../orders/order-admin";
import { productJsonLd } from "./product-json-ld";
import { toProduct } from "./product";

describe("isPreorder", () => {
  it("is a pre-order only while the release day is after today", () => {
    expect(isPreorder("2026-12-19", "2026-12-18")).toBe(true);
    expect(isPreorder("2026-12-19", "2026-12-19")).toBe(false);
    expect(isPreorder("2026-12-19", "2026-12-20")).toBe(false);
    expect(isPreorder(null, "2026-12-18")).toBe(false);
    expect(isPreorder(undefined, "2026-12-18")).toBe(false);
  });
});

describe("releaseDateProblem", () => {
  it("refuses a new day before today, allows today and later", () => {
    expect(releaseDateProblem("2026-12-17", "2026-12-18")).toBe(PREORDER_MESSAGES.dateInPast);
    expect(releaseDateProblem("2026-12-18", "2026-12-18")).toBeNull();
    expect(releaseDateProblem("2027-01-01", "2026-12-18")).toBeNull();
    expect(releaseDateProblem(null, "2026-12-18")).toBeNull();
  });
  it("lets an item keep a past day it already has, but not move to another past day", () => {
    expect(releaseDateProblem("2026-01-01", "2026-12-18", "2026-01-01")).toBeNull();
    expect(releaseDateProblem("2026-02-01", "2026-12-18", "2026-01-01")).toBe(
      PREORDER_MESSAGES.dateInPast,
    );
  });
});

describe("the words", () => {
  it("writes the day as the site writes dates", () => {
    expect(formatReleaseDate("2026-12-19")).toBe("December 19, 2026");
    expect(formatReleaseDate("2027-01-05")).toBe("January 05, 2027");
    expect(preorderLabel("2026-12-19")).toBe("Pre-order · released December 19, 2026");
  });
  it("says when the files come, or when the parcel is sent", () => {
    expect(
      preorderMailSentence({ title: "Harbour Lights", releaseDate: "2026-12-19", physical: false }),
    ).toBe(
      '"Harbour Lights" is a pre-order: it is released on December 19, 2026, and we will e-mail you its download link on that day.',
    );
    expect(
      preorderMailSentence({
        title: "Harbour Lights (CD)",
        releaseDate: "2026-12-19",
        physical: true,
      }),
    ).toBe(
      '"Harbour Lights (CD)" is a pre-order: it is released on December 19, 2026, and we will send it to you then.',
    );
  });
  it("tells a buyer the moved day", () => {
    expect(
      releaseMovedSentence({
        title: "Harbour Lights",
        from: "2026-12-19",
        to: "2027-01-15",
        physical: false,
      }),
    ).toBe(
      'The release of "Harbour Lights", which you pre-ordered, has moved from December 19, 2026 to January 15, 2027: we will e-mail you its download link on that day.',
    );
  });
  it("counts the buyers told and the pre-orders", () => {
    expect(buyersToldDescription("Harbour Lights", 0)).toBe("Harbour Lights");
    expect(buyersToldDescription("Harbour Lights", 1)).toBe(
      "Harbour Lights · 1 buyer was told the new release date",
    );
    expect(buyersToldDescription("Harbour Lights", 3)).toBe(
      "Harbour Lights · 3 buyers were told the new release date",
    );
    expect(preorderCountLabel(1)).toBe("1 pre-order");
    expect(preorderCountLabel(0)).toBe("0 pre-orders");
  });
});

describe("a bought line and its order", () => {
  const cd = (preorderReleaseDate: string | null, releasedAt: Date | null) => ({
    category: "cd",
    preorderReleaseDate,
    releasedAt,
  });
  it("waits while its day has not come and it was not released", () => {
    expect(awaitingRelease(cd("2026-12-19", null))).toBe(true);
    expect(awaitingRelease(cd("2026-12-19", new Date()))).toBe(false);
    expect(awaitingRelease(cd(null, null))).toBe(false);
  });
  it("is not 'to ship' while a physical pre-order waits; a digital one does not hold it", () => {
    const waiting = preorderWaiting([cd("2026-12-19", null), cd("2026-12-12", null)]);
    expect(waiting).toBe("2026-12-12");
    expect(
      preorderWaiting([
        { category: "digital_music", preorderReleaseDate: "2026-12-19", releasedAt: null },
      ]),
    ).toBeNull();
    const order = { paymentStatus: "completed", shippedAt: null, hasPhysical: true };
    expect(needsShipping({ ...order, preorderWaiting: waiting })).toBe(false);
    expect(needsShipping({ ...order, preorderWaiting: null })).toBe(true);
    expect(needsShipping(order)).toBe(true);
  });
});

describe("product structured data", () => {
  const item = {
    id: "00000000-0000-4000-8000-000000000001",
    title: "Harbour Lights",
    description: null,
    price: 12,
    imageUrl: null,
    category: "digital_music",
    tags: [],
    bandcampUrl: null,
    externalUrl: null,
    hasDownload: true,
    inventoryCount: null,
    isFeatured: false,
  };
  it("offers a pre-order as PreOrder from its day, else as in stock", () => {
    const preorder = productJsonLd(
      toProduct({ ...item, releaseDate: "2026-12-19" }),
      "https://x.example",
    );
    expect(preorder.offers).toMatchObject({
      availability: "https://schema.org/PreOrder",
      availabilityStarts: "2026-12-19",
    });
    const out = productJsonLd(toProduct({ ...item, releaseDate: null }), "https://x.example");
    expect(out.offers.availability).toBe("https://schema.org/InStock");
    expect(out.offers).not.toHaveProperty("availabilityStarts");
  });
});
