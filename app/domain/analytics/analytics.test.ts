import { describe, expect, it } from "vitest";
import {
  nextRollupDelayMs,
  ROLLUP_MAX_SHARE,
  conversionRate,
  daysOf,
  parseBeacon,
  percentChange,
  periodFrom,
  playOutcome,
  previousPeriod,
  referrerHost,
  skipReason,
  visitSource,
} from "./analytics";

describe("playOutcome", () => {
  it("is complete from 90 % heard, skipped under 10 %, partial between", () => {
    expect(playOutcome(1)).toBe("complete");
    expect(playOutcome(0.9)).toBe("complete");
    expect(playOutcome(0.89)).toBe("partial");
    expect(playOutcome(0.1)).toBe("partial");
    expect(playOutcome(0.099)).toBe("skipped");
    expect(playOutcome(Number.NaN)).toBe("skipped");
  });
});

describe("parseBeacon", () => {
  it("takes a page view with its path and query apart", () => {
    expect(
      parseBeacon({ k: "pageview", u: "/events?utm_source=x#top", r: "https://a.example/" }),
    ).toEqual({
      kind: "pageview",
      path: "/events",
      query: "utm_source=x",
      referrer: "https://a.example/",
      subject: "",
      outcome: "",
      variant: "",
    });
  });

  it("refuses kinds a browser may not send, and unknown ones", () => {
    expect(parseBeacon({ k: "purchase", u: "/shop", s: "order" })).toBeNull();
    expect(parseBeacon({ k: "checkout_started", u: "/shop", s: "order" })).toBeNull();
    expect(parseBeacon({ k: "newsletter_signup", u: "/" })).toBeNull();
    expect(parseBeacon({ k: "hack", u: "/" })).toBeNull();
    expect(parseBeacon({ k: "toString", u: "/" })).toBeNull();
  });

  it("refuses another site's address, junk bodies and plays without an outcome", () => {
    expect(parseBeacon({ k: "pageview", u: "https://evil.example/" })).toBeNull();
    expect(parseBeacon({ k: "pageview", u: "//evil.example/" })).toBeNull();
    expect(parseBeacon(null)).toBeNull();
    expect(parseBeacon([1])).toBeNull();
    expect(parseBeacon({ k: "track_play", u: "/loe", s: "Song", o: "loud", v: "file" })).toBeNull();
    expect(
      parseBeacon({ k: "track_play", u: "/loe", s: "Song", o: "complete", v: "tape" }),
    ).toBeNull();
    expect(parseBeacon({ k: "ticket_click", u: "/events" })).toBeNull();
  });

  it("caps a long path and subject and strips control characters", () => {
    const event = parseBeacon({
      k: "ticket_click",
      u: `/${"a".repeat(10_000)}`,
      s: `Gig\u0000${"b".repeat(500)}`,
    });
    expect(event?.path.length).toBe(200);
    expect(event?.subject.startsWith("Gigb")).toBe(true);
    expect(event?.subject.length).toBe(120);
  });
});

describe("skipReason", () => {
  const none = { signedIn: false };
  it("skips bots, prefetches, GPC, DNT and the team; counts anyone else", () => {
    expect(skipReason(none, true)).toBe("bot");
    expect(skipReason({ ...none, secPurpose: "prefetch;prerender" }, false)).toBe("prefetch");
    expect(skipReason({ ...none, purpose: "prefetch" }, false)).toBe("prefetch");
    expect(skipReason({ ...none, gpc: "1" }, false)).toBe("gpc");
    expect(skipReason({ ...none, dnt: "1" }, false)).toBe("dnt");
    expect(skipReason({ signedIn: true }, false)).toBe("admin");
    expect(skipReason({ ...none, dnt: "0", gpc: "0" }, false)).toBeNull();
  });
});

describe("visitSource", () => {
  const own = ["jazz.example"];
  it("prefers utm_source and keeps the campaign", () => {
    expect(visitSource("utm_source=Letters&utm_campaign=June", "https://google.com/", own)).toEqual(
      {
        source: "letters",
        campaign: "june",
      },
    );
  });
  it("reduces a referrer to its host, and the site itself to none", () => {
    expect(visitSource("", "https://www.google.com/search?q=jazz", own).source).toBe("google.com");
    expect(visitSource("", "https://www.jazz.example/shop", own).source).toBe("");
    expect(referrerHost("javascript:alert(1)", own)).toBe("");
    expect(referrerHost("not a url", own)).toBe("");
  });
});

describe("periods", () => {
  const today = "2026-03-31";
  it("reads the presets as days ending today", () => {
    expect(periodFrom({ period: "today" }, today)).toMatchObject({ from: today, to: today });
    expect(periodFrom({ period: "7d" }, today)).toMatchObject({ from: "2026-03-25", to: today });
    expect(periodFrom({ period: "30d" }, today)).toMatchObject({ from: "2026-03-02", to: today });
    expect(periodFrom({ period: "12m" }, today)).toMatchObject({ from: "2025-04-01", to: today });
    expect(periodFrom({ period: "nonsense" }, today)).toMatchObject({ preset: "7d" });
  });
  it("orders a custom range, stops it at today, and refuses broken dates", () => {
    expect(periodFrom({ period: "custom", from: "2026-03-10", to: "2026-03-01" }, today)).toEqual({
      preset: "custom",
      from: "2026-03-01",
      to: "2026-03-10",
    });
    expect(periodFrom({ period: "custom", from: "2026-03-10", to: "2027-01-01" }, today).to).toBe(
      today,
    );
    expect(
      periodFrom({ period: "custom", from: "2026-02-30", to: "2026-03-01" }, today).preset,
    ).toBe("7d");
    expect(
      daysOf(periodFrom({ period: "custom", from: "1900-01-01", to: today }, today)).length,
    ).toBe(3 * 366);
  });
  it("compares with the period of the same length just before, across a month end", () => {
    expect(previousPeriod({ preset: "7d", from: "2026-03-01", to: "2026-03-07" })).toMatchObject({
      from: "2026-02-22",
      to: "2026-02-28",
    });
  });
  it("says the change and the conversion as percentages", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(1, 0)).toBe(0);
  });
});

describe("nextRollupDelayMs", () => {
  it("keeps the usual interval once every event is summed, however long that took", () => {
    expect(nextRollupDelayMs(2_000, 200, false)).toBe(2_000);
    expect(nextRollupDelayMs(2_000, 1_900, false)).toBe(2_000);
  });

  it("with a backlog left, waits long enough that the rollup keeps to its share of the time", () => {
    const delay = nextRollupDelayMs(5_000, 2_000, true);
    expect(delay).toBe(40_000);
    expect(2_000 / delay).toBeLessThanOrEqual(ROLLUP_MAX_SHARE);
    expect(nextRollupDelayMs(60_000, 2_000, true)).toBe(60_000);
  });
});
