import { describe, expect, it } from "vitest";
import {
  AUDIT_FILTERS,
  AUDIT_SCREENS,
  auditEntitiesFor,
  auditScreenTitle,
  auditVerb,
} from "./audit-log";

describe("the audit log's screens", () => {
  it("names the screen each entity is edited on", () => {
    expect(auditScreenTitle("shop_items")).toBe("Shop");
    expect(auditScreenTitle("loe_audio_tracks")).toBe("LOE Page");
    expect(auditScreenTitle("allowed_emails")).toBe("User Management");
    expect(auditScreenTitle("something_new")).toBe("Other");
  });

  it("filters by a screen's entities, and not at all for an unknown key", () => {
    expect(auditEntitiesFor("about")).toEqual(["musical_influences", "collaborations", "stats"]);
    expect(auditEntitiesFor("nope")).toBeNull();
    expect(auditEntitiesFor(null)).toBeNull();
  });

  it("gives each entity one screen", () => {
    const all = AUDIT_SCREENS.flatMap((s) => s.entities);
    expect(new Set(all).size).toBe(all.length);
  });

  it("reads the verb of an action", () => {
    expect(auditVerb("shop_items.update")).toBe("Update");
    expect(auditVerb("orders.resend_links")).toBe("Resend links");
    expect(auditVerb("reorder")).toBe("Reorder");
  });

  it("filters by a known screen from the address, and by none otherwise", () => {
    const screen = (query: string) => AUDIT_FILTERS.parse(new URLSearchParams(query)).screen;
    expect(screen("screen=messages")).toBe("messages");
    expect(screen("screen=nope")).toBeNull();
    expect(screen("")).toBeNull();
    expect(AUDIT_FILTERS.query({ screen: "shop", page: 3 })).toBe("screen=shop&page=3");
  });
});
