import { describe, expect, it } from "vitest";
import { MESSAGE_FILTERS, deliveryStatus } from "./message-admin";

describe("the messages screen", () => {
  it("says a waiting mail is not sent while no mail server is configured", () => {
    expect(deliveryStatus("pending", false)).toBe("unconfigured");
    expect(deliveryStatus("pending", true)).toBe("pending");
    expect(deliveryStatus("dropped", true)).toBe("dropped");
    expect(deliveryStatus("sent", false)).toBe("sent");
    expect(deliveryStatus(null, true)).toBe("unknown");
  });

  it("shows what still waits with ?filter=unhandled, and everything otherwise", () => {
    expect(MESSAGE_FILTERS.parse(new URLSearchParams("filter=unhandled")).filter).toBe("unhandled");
    expect(MESSAGE_FILTERS.parse(new URLSearchParams("filter=spam")).filter).toBe("all");
    expect(MESSAGE_FILTERS.query({ filter: "all", page: 2 })).toBe("page=2");
  });
});
