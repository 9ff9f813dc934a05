import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_TEXT,
  audienceOf,
  campaignFieldsSchema,
  campaignSlug,
  scheduleInstant,
  sendProgress,
  NO_FIGURES,
} from "./campaign-form";
import { CAMPAIGN_BODY_MAX } from "./campaign";

const NY = "America/New_York";

describe("scheduleInstant", () => {
  const now = new Date("2026-11-28T15:00:00Z"); // 10:00 in New York
  it("reads a day and time on the site's wall clock", () => {
    const r = scheduleInstant({ date: "2026-11-28", time: "18:30" }, NY, now);
    expect(r).toEqual({ ok: true, at: new Date("2026-11-28T23:30:00Z") });
  });
  it("refuses a time that has passed, even minutes ago", () => {
    expect(scheduleInstant({ date: "2026-11-28", time: "09:59" }, NY, now)).toEqual({
      ok: false,
      message: CAMPAIGN_TEXT.scheduleInPast,
    });
    expect(scheduleInstant({ date: "2026-11-28", time: "10:00" }, NY, now).ok).toBe(false);
  });
  it("says what is missing or wrong", () => {
    expect(scheduleInstant({ date: "", time: "10:00" }, NY, now)).toMatchObject({
      message: CAMPAIGN_TEXT.scheduleRequired,
    });
    expect(scheduleInstant({ date: "2026-02-30", time: "10:00" }, NY, now)).toMatchObject({
      message: CAMPAIGN_TEXT.scheduleInvalid,
    });
    expect(scheduleInstant({ date: "2026-12-01", time: "25:00" }, NY, now)).toMatchObject({
      message: CAMPAIGN_TEXT.scheduleInvalid,
    });
  });
});

describe("campaignFieldsSchema", () => {
  const errorsOf = (input: Record<string, string>) => {
    const r = campaignFieldsSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
  };
  it("requires a subject under 200 characters", () => {
    expect(errorsOf({ subject: "  " }).subject).toBe(CAMPAIGN_TEXT.subjectRequired);
    expect(errorsOf({ subject: "x".repeat(10_000) }).subject).toBe(CAMPAIGN_TEXT.subjectTooLong);
    expect(errorsOf({ subject: "x".repeat(199) })).toEqual({});
  });
  it("refuses a body over the limit and a javascript: link, naming it", () => {
    expect(
      errorsOf({ subject: "s", bodyMarkdown: "x".repeat(CAMPAIGN_BODY_MAX + 1) }).bodyMarkdown,
    ).toBe(CAMPAIGN_TEXT.bodyTooLong);
    expect(
      errorsOf({ subject: "s", bodyMarkdown: "[x](javascript:alert(1))" }).bodyMarkdown,
    ).toMatch(/javascript:alert/);
  });
  it("checks the audience's event, distance and product", () => {
    expect(errorsOf({ subject: "s", audienceKind: "near-event", radiusKm: "0" })).toMatchObject({
      eventId: CAMPAIGN_TEXT.eventRequired,
      radiusKm: CAMPAIGN_TEXT.radiusBounds,
    });
    expect(errorsOf({ subject: "s", audienceKind: "product-buyers" }).itemId).toBe(
      CAMPAIGN_TEXT.itemRequired,
    );
    const ok = campaignFieldsSchema.parse({
      subject: "s",
      audienceKind: "near-event",
      eventId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      radiusKm: "150",
    });
    expect(audienceOf(ok)).toEqual({
      kind: "near-event",
      eventId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      radiusKm: 150,
    });
  });
});

describe("campaignSlug and progress", () => {
  it("makes a readable, unique-enough address", () => {
    expect(campaignSlug("Spring: New Record & Tour!", "ab12cd34-0000")).toBe(
      "spring-new-record-tour-ab12cd",
    );
    expect(campaignSlug("¡¡!!", "ab12cd34")).toBe("letter-ab12cd");
  });
  it("counts every row no longer waiting or in flight", () => {
    expect(sendProgress({ ...NO_FIGURES, recipients: 4, queued: 1, sending: 1, sent: 2 })).toBe(50);
    expect(sendProgress(NO_FIGURES)).toBe(0);
  });
});
