import { describe, expect, it } from "vitest";
import {
  CONFIRM_TEXT,
  NEWSLETTER_TEXT,
  confirmationCutoff,
  confirmationExpired,
  maskEmail,
} from "./signup";

describe("confirmation links", () => {
  const sent = new Date("2026-11-20T10:00:00Z");
  it("work for 7 days and not a moment longer", () => {
    expect(confirmationExpired(sent, sent)).toBe(false);
    expect(confirmationExpired(sent, new Date("2026-11-27T09:59:59.999Z"))).toBe(false);
    expect(confirmationExpired(sent, new Date("2026-11-27T10:00:00Z"))).toBe(true);
    expect(confirmationExpired(sent, new Date("2026-12-20T10:00:00Z"))).toBe(true);
  });
  it("have a cutoff that agrees with the expiry", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    expect(confirmationCutoff(now)).toEqual(sent);
    expect(confirmationExpired(confirmationCutoff(now), now)).toBe(true);
  });
});

describe("newsletter texts", () => {
  it("keep the spec's toast title and ask to confirm from the inbox", () => {
    expect(NEWSLETTER_TEXT.successTitle).toBe("Successfully Subscribed!");
    expect(NEWSLETTER_TEXT.successDescription).toBe(
      "Thank you for subscribing! Please check your inbox and click the link in our email to confirm your subscription.",
    );
    expect(CONFIRM_TEXT.invalid).toContain("7 days");
    expect(CONFIRM_TEXT.confirmed("f••@example.org")).toBe(
      "Thank you! f••@example.org will receive the newsletter.",
    );
  });
});

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("fan@example.org")).toBe("f••@example.org");
    expect(maskEmail("a@example.org")).toBe("a••@example.org");
    expect(maskEmail("averylongname@example.org")).toBe("a••••••@example.org");
  });
});
