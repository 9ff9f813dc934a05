import { describe, expect, it } from "vitest";
import { CONTACT_TEXT, contactRateLimitedMessage } from "./contact-form";

describe("contactRateLimitedMessage", () => {
  it("is the spec's failure text, then the wait in whole minutes", () => {
    expect(contactRateLimitedMessage(540)).toBe(
      `${CONTACT_TEXT.errorDescription} You can send another message in 9 minutes.`,
    );
    expect(contactRateLimitedMessage(61)).toBe(
      `${CONTACT_TEXT.errorDescription} You can send another message in 2 minutes.`,
    );
    expect(contactRateLimitedMessage(5)).toBe(
      `${CONTACT_TEXT.errorDescription} You can send another message in 1 minute.`,
    );
  });
});
