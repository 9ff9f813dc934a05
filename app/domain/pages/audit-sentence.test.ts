import { describe, expect, it } from "vitest";
import { auditSentence, changedFields, fieldWords, rowName } from "./audit-sentence";

const ORDER_ID = "00bbdb08-1234-4abc-9def-0123456789ab";

const say = (
  action: string,
  entity: string,
  details: Record<string, unknown> = {},
  entityId: string | null = "row-1",
) => auditSentence({ action, entity, entityId, details });

const product = (values: Record<string, unknown>) => ({
  id: "p1",
  title: "Blue Hour",
  price: 12,
  inventoryCount: 8,
  tags: ["cd"],
  isVisible: true,
  updatedAt: "2026-11-27T10:00:00.000Z",
  ...values,
});

describe("a collection row's sentence", () => {
  it("names a discount code by its code", () => {
    const code = { id: "d1", code: "SUMMER20", kind: "percent", amount: 20, maxUses: null };
    expect(say("discount_codes.create", "discount_codes", { after: code })).toBe(
      "Added the discount code 'SUMMER20'",
    );
    expect(
      say("discount_codes.update", "discount_codes", {
        before: code,
        after: { ...code, amount: 25 },
      }),
    ).toBe("Changed the amount of 'SUMMER20' from 20 to 25");
    expect(
      say("discount_codes.update", "discount_codes", {
        before: code,
        after: { ...code, code: "FALL20" },
      }),
    ).toBe("Renamed the discount code 'SUMMER20' to 'FALL20'");
    expect(
      say("discount_codes.update", "discount_codes", {
        before: code,
        after: { ...code, maxUses: 5 },
      }),
    ).toBe("Changed the number of uses of 'SUMMER20' from empty to 5");
    expect(say("discount_codes.delete", "discount_codes", { before: code })).toBe(
      "Deleted the discount code 'SUMMER20'",
    );
  });

  it("names what was added and deleted", () => {
    expect(say("shop_items.create", "shop_items", { after: product({}) })).toBe(
      "Added the product 'Blue Hour'",
    );
    expect(say("events.delete", "events", { before: { title: "Jazz at the Park" } })).toBe(
      "Deleted the event 'Jazz at the Park'",
    );
    expect(
      say("collaborations.create", "collaborations", {
        after: { artist: "Ada", project: "Nightfall" },
      }),
    ).toBe("Added the collaboration 'Ada, Nightfall'");
    expect(
      say("stats.delete", "stats", { before: { numberValue: "500+", label: "Concerts" } }),
    ).toBe("Deleted the statistic '500+ Concerts'");
  });

  it("says the key change of an update, with the values when they are short", () => {
    expect(
      say("shop_items.update", "shop_items", {
        before: product({}),
        after: product({ price: 10, updatedAt: "2026-11-27T11:00:00.000Z" }),
      }),
    ).toBe("Changed the price of 'Blue Hour' from 12.00 to 10.00");
    expect(
      say("shop_items.update", "shop_items", {
        before: product({ inventoryCount: null }),
        after: product({ inventoryCount: 5 }),
      }),
    ).toBe("Changed the stock of 'Blue Hour' from not tracked to 5");
    expect(
      say("shop_items.update", "shop_items", {
        before: product({ description: "short" }),
        after: product({ description: "A much longer description that no sentence should quote." }),
      }),
    ).toBe("Changed the description of 'Blue Hour'");
  });

  it("lists several changed fields, and says a rename as one", () => {
    expect(
      say("shop_items.update", "shop_items", {
        before: product({}),
        after: product({ price: 10, inventoryCount: 3, tags: ["cd", "new"] }),
      }),
    ).toBe("Changed the price, stock and tags of 'Blue Hour'");
    expect(
      say("shop_items.update", "shop_items", {
        before: product({}),
        after: product({ price: 10, inventoryCount: 3, tags: [], isVisible: false, format: "LP" }),
      }),
    ).toBe("Changed the price, stock, tags and 2 more of 'Blue Hour'");
    expect(
      say("shop_items.update", "shop_items", {
        before: product({}),
        after: product({ title: "Blue Hour (Deluxe)" }),
      }),
    ).toBe("Renamed the product 'Blue Hour' to 'Blue Hour (Deluxe)'");
    expect(
      say("shop_items.update", "shop_items", { before: product({}), after: product({}) }),
    ).toBe("Saved 'Blue Hour' without changes");
  });

  it("says which switch was turned, on which row", () => {
    expect(
      say("shop_items.set_flag", "shop_items", {
        flag: "isVisible",
        from: true,
        to: false,
        name: "Blue Hour",
      }),
    ).toBe("Hid the product 'Blue Hour'");
    expect(
      say("photo_gallery.set_flag", "photo_gallery", {
        flag: "isFeatured",
        to: true,
        name: "Stage",
      }),
    ).toBe("Featured the photo 'Stage'");
    expect(
      say("featured_videos.set_flag", "featured_videos", {
        flag: "isActive",
        to: false,
        name: "Live",
      }),
    ).toBe("Deactivated the featured video 'Live'");
    expect(
      say("media_items.set_flag", "media_items", { flag: "isVisible", to: true, name: "Radio" }),
    ).toBe("Made the media item 'Radio' visible");
  });

  it("reads an entry stored before names were kept", () => {
    expect(
      say("shop_items.set_flag", "shop_items", { flag: "isVisible", from: true, to: false }),
    ).toBe("Hid a product");
    expect(say("loe_images.set_flag", "loe_images", { flag: "isActive", to: true })).toBe(
      "Activated an LOE image",
    );
    expect(say("events.create", "events", {})).toBe("Added an event");
    expect(say("events.update", "events", {})).toBe("Changed an event");
  });

  it("counts a reorder", () => {
    expect(say("shop_items.reorder", "shop_items", { ids: ["a", "b", "c"] }, null)).toBe(
      "Put 3 products in a new order",
    );
    expect(say("stats.reorder", "stats", {}, null)).toBe("Reordered the statistics");
  });
});

describe("the other writers' sentences", () => {
  it("names the order and the money of a refund", () => {
    expect(say("orders.refund", "orders", { total: 14, restocked: [] }, ORDER_ID)).toBe(
      "Refunded order #00BBDB08 · $14.00",
    );
    expect(
      say(
        "orders.refund",
        "orders",
        { total: 30, restocked: [{ title: "CD", quantity: 2, stock: 9 }] },
        ORDER_ID,
      ),
    ).toBe("Refunded order #00BBDB08 · $30.00 · 2 items back in stock");
    expect(say("orders.refund", "orders", {}, null)).toBe("Refunded an order");
  });

  it("says shipping and resent links with their order", () => {
    expect(
      say("orders.ship", "orders", { carrier: "USPS", trackingNumber: "9400 1" }, ORDER_ID),
    ).toBe("Marked order #00BBDB08 as shipped · USPS 9400 1");
    expect(say("orders.ship", "orders", { carrier: null, trackingNumber: null }, ORDER_ID)).toBe(
      "Marked order #00BBDB08 as shipped",
    );
    expect(
      say("orders.resend_links", "orders", { links: 2, to: "ada@example.org" }, ORDER_ID),
    ).toBe("Sent the download links of order #00BBDB08 again to ada@example.org");
  });

  it("names the page text that changed, by its registry name", () => {
    const before = { title: "Hi", description: "Old words", paragraphSpacing: null };
    expect(
      say(
        "page_content.update",
        "page_content",
        { before, after: { ...before, description: "New words" } },
        "home-hero-description",
      ),
    ).toBe("Changed the text of 'Home hero description' from 'Old words' to 'New words'");
    expect(
      say(
        "page_content.update",
        "page_content",
        { before: null, after: before },
        "home-hero-title",
      ),
    ).toBe("Changed the page text 'Home hero title'");
    expect(say("page_content.restore", "page_content", {}, "home-hero-title")).toBe(
      "Restored an earlier version of 'Home hero title'",
    );
    expect(say("page_content.restore", "page_content", {}, "retired-key")).toBe(
      "Restored an earlier version of 'retired-key'",
    );
  });

  it("says the shop's maintenance switch and message", () => {
    expect(say("shop.maintenance.set", "page_settings", { from: false, to: true })).toBe(
      "Put the shop into maintenance mode",
    );
    expect(say("shop.maintenance.set", "page_settings", { from: true, to: false })).toBe(
      "Opened the shop again (maintenance mode off)",
    );
    expect(say("shop.maintenance_message.set", "page_settings", { to: "Back soon" })).toBe(
      "Changed the maintenance message to 'Back soon'",
    );
    expect(say("shop.maintenance_message.set", "page_settings", { to: null })).toBe(
      "Set the maintenance message back to the default",
    );
  });

  it("says the theme, test items, messages, subscribers and the team", () => {
    expect(say("theme_settings.activate", "theme_settings", { name: "Midnight" })).toBe(
      "Made the theme 'Midnight' the active theme",
    );
    expect(say("theme_settings.delete", "theme_settings", { before: { name: "Old" } })).toBe(
      "Deleted the theme 'Old'",
    );
    expect(say("shop_items.delete_test_items", "shop_items", { removed: [{}, {}] }, null)).toBe(
      "Deleted 2 test products",
    );
    expect(say("contact_messages.handle", "contact_messages", { subject: "Booking" })).toBe(
      "Marked the message 'Booking' as handled",
    );
    expect(say("contact_messages.reopen", "contact_messages", { subject: "Booking" })).toBe(
      "Marked the message 'Booking' as waiting for an answer",
    );
    expect(say("contact_messages.retry_delivery", "contact_messages", {})).toBe(
      "Sent a message to the mailbox again",
    );
    expect(
      say("newsletter_subscribers.remove", "newsletter_subscribers", { email: "l@x.org" }),
    ).toBe("Removed l@x.org from the newsletter");
    expect(
      say("newsletter_campaigns.send", "newsletter_campaigns", {
        subject: "Spring",
        recipients: 2,
      }),
    ).toBe("Sent the letter 'Spring' to 2 subscribers");
    expect(
      say("newsletter_campaigns.send", "newsletter_campaigns", {
        subject: "Spring",
        recipients: 1,
        scheduled: true,
      }),
    ).toBe("Started sending the letter 'Spring' to 1 subscriber as scheduled");
    expect(
      say("newsletter_campaigns.resend_unknown", "newsletter_campaigns", { recipients: 3 }),
    ).toBe("Sent a letter again to 3 recipients in doubt");
    expect(say("allowed_email.add", "allowed_emails", { email: "h@x.org", isAdmin: true })).toBe(
      "Allowed h@x.org to sign in (with Admin privileges)",
    );
    expect(say("allowed_email.remove", "allowed_emails", { email: "h@x.org" })).toBe(
      "Removed h@x.org from the sign-in list",
    );
    expect(say("allowed_email.give_admin_privileges", "allowed_emails", { email: "h@x.org" })).toBe(
      "Gave h@x.org Admin privileges",
    );
    expect(say("allowed_email.take_admin_privileges", "allowed_emails", { email: "h@x.org" })).toBe(
      "Took Admin privileges from h@x.org",
    );
    expect(say("owner.setup", "users")).toBe("Set up the owner's account");
    expect(say("user.password_reset", "users")).toBe("Reset a password with a mailed link");
  });

  it("still makes a sentence of an action it does not know", () => {
    expect(say("orders.archive", "orders")).toBe("Archive: an order");
    expect(say("widgets.polish_all", "widgets")).toBe("Polish all: a widget");
  });
});

describe("the parts", () => {
  it("finds a row's name", () => {
    expect(rowName({ title: " Blue Hour " })).toBe("Blue Hour");
    expect(rowName({ name: "Midnight" })).toBe("Midnight");
    expect(rowName({ label: "Concerts" })).toBe("Concerts");
    expect(rowName({ title: "" })).toBeNull();
    expect(rowName(null)).toBeNull();
  });

  it("ignores bookkeeping and empty-versus-null when comparing", () => {
    expect(
      changedFields(
        { updatedAt: "a", description: null, price: 1 },
        { updatedAt: "b", description: "", price: 2 },
      ),
    ).toEqual(["price"]);
  });

  it("words a field", () => {
    expect(fieldWords("inventoryCount")).toBe("stock");
    expect(fieldWords("downloadExpiryDays")).toBe("download expiry days");
    expect(fieldWords("spotifyUrl")).toBe("spotify link");
  });

  it("cuts a long name", () => {
    const long = "x".repeat(80);
    expect(say("events.create", "events", { after: { title: long } })).toBe(
      `Added the event '${"x".repeat(59)}…'`,
    );
  });
});

describe("newsletter letters in the audit log", () => {
  it("reads as sentences", () => {
    const entry = (action: string, details: Record<string, unknown>) =>
      auditSentence({ action, entity: "newsletter_campaigns", entityId: "x", details });
    expect(entry("newsletter_campaigns.send", { subject: "Spring", recipients: 120 })).toBe(
      "Sent the letter 'Spring' to 120 subscribers",
    );
    expect(entry("newsletter_campaigns.schedule", { subject: "Spring" })).toBe(
      "Scheduled the letter 'Spring'",
    );
    expect(entry("newsletter_campaigns.send_test", { subject: "Spring", to: "a@b.example" })).toBe(
      "Sent a test of the letter 'Spring' to a@b.example",
    );
  });
});

describe("shipping zone sentences", () => {
  it("names the zone and says it was switched on or off", () => {
    expect(
      auditSentence({
        action: "shipping_zones.set_flag",
        entity: "shipping_zones",
        entityId: "z1",
        details: { flag: "enabled", from: true, to: false, name: "Europe" },
      }),
    ).toBe("Switched off the shipping zone 'Europe'");
    expect(
      auditSentence({
        action: "shipping_zones.create",
        entity: "shipping_zones",
        entityId: "z1",
        details: { after: { name: "Europe" } },
      }),
    ).toContain("shipping zone 'Europe'");
  });
});
