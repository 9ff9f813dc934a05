import { describe, expect, it } from "vitest";
import { SUBSCRIBER_FILTERS } from "./subscriber-admin";

const parse = (query: string) => SUBSCRIBER_FILTERS.parse(new URLSearchParams(query));

describe("the subscribers list's filters", () => {
  it("know the four statuses and show everything otherwise", () => {
    expect(parse("status=pending").status).toBe("pending");
    expect(parse("status=bounced").status).toBe("bounced");
    expect(parse("status=subscribed").status).toBe("subscribed");
    expect(parse("status=deleted").status).toBe("all");
    expect(parse("").status).toBe("all");
  });

  it("leave 'all' and an empty search out of the address, and keep the page", () => {
    expect(SUBSCRIBER_FILTERS.query({ q: "", status: "all", page: 1 })).toBe("");
    expect(SUBSCRIBER_FILTERS.query({ q: "ana", status: "pending", page: 2 })).toBe(
      "q=ana&status=pending&page=2",
    );
    expect(SUBSCRIBER_FILTERS.activeCount({ q: "", status: "all" })).toBe(0);
    expect(SUBSCRIBER_FILTERS.activeCount({ q: "ana", status: "bounced" })).toBe(2);
  });
});
