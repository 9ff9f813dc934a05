/**
 * The events collection as /admin/events writes it and the public pages read it:
 * a form that passed the event schema is stored as given (a calendar day, a new event
 * upcoming), audited, in date order, and the cached public list shows it at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { eventSchema } from "~/domain/content/events/event-form";
import { MINUTE, cached, invalidateSiteCache } from "../core/cache.server";
import { auditLog } from "../db/schema/db.server";
import { events } from "../db/schema/content.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { suggestCities } from "../geo/cities.server";
import { eventService, readEvents, withEventPlace } from "./events.server";

const actor = { id: "user-1", email: "artist@example.com" };
const TODAY = "2026-03-14";
const create = eventSchema({ mode: "create", today: TODAY });
const update = eventSchema({ mode: "update", today: TODAY });
const form = (overrides: Record<string, string> = {}) =>
  create.parse({
    title: "Big Band Night",
    date: "2026-04-01",
    time: "8:00 PM",
    venue: "Blue Room",
    city: "Austin",
    status: "cancelled",
    ...overrides,
  });

describe.each(await testDatabaseKinds())("events on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(events);
    await t.db.delete(auditLog);
    invalidateSiteCache();
  });

  const publicList = () => cached("events", 2 * MINUTE, () => readEvents(t.db));

  it("stores a new event upcoming, on its calendar day, audited, and the public list shows it at once", async () => {
    expect(await publicList()).toEqual([]);
    const created = await eventService.create(t.db, actor, form());
    expect(created).toMatchObject({
      title: "Big Band Night",
      date: "2026-04-01",
      time: "8:00 PM",
      status: "upcoming",
      isFeatured: false,
    });
    expect((await publicList()).map((e) => [e.title, e.date, e.time])).toEqual([
      ["Big Band Night", "2026-04-01", "8:00 PM"],
    ]);
    const audit = await t.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
    expect(audit.map((row) => [row.action, row.entityId])).toEqual([["events.create", created.id]]);
  });

  it("lists in date order, and an edit (past date, new status) and a delete reach the public list", async () => {
    const later = await eventService.create(
      t.db,
      actor,
      form({ title: "Later", date: "2026-06-01" }),
    );
    const sooner = await eventService.create(
      t.db,
      actor,
      form({ title: "Sooner", date: "2026-05-01" }),
    );
    expect((await eventService.listAll(t.db)).map((e) => e.title)).toEqual(["Sooner", "Later"]);
    await publicList();

    const { id, ...values } = update.parse({
      id: sooner.id,
      title: "Sooner (moved)",
      date: "2020-01-01",
      venue: "Blue Room",
      city: "Austin",
      status: "cancelled",
    });
    await eventService.update(t.db, actor, id, values);
    expect((await publicList()).map((e) => [e.title, e.status, e.time])).toEqual([
      ["Sooner (moved)", "cancelled", "TBD"],
      ["Later", "upcoming", "8:00 PM"],
    ]);

    await eventService.remove(t.db, actor, later.id);
    expect((await publicList()).map((e) => e.title)).toEqual(["Sooner (moved)"]);
  });

  it("puts a city picked from the list on the map, keeps it through an edit, and drops it for a typed city", async () => {
    const [lisbon] = suggestCities("Lisbon");
    const created = await eventService.create(
      t.db,
      actor,
      withEventPlace(form({ city: lisbon!.label, cityId: String(lisbon!.id) })),
    );
    const onMap = {
      city: lisbon!.label,
      countryCode: "PT",
      latitude: lisbon!.latitude,
      longitude: lisbon!.longitude,
    };
    expect(created).toMatchObject(onMap);

    const edit = (overrides: Record<string, string>) => {
      const { id, ...values } = update.parse({
        id: created.id,
        title: "Big Band Night",
        date: "2026-04-01",
        venue: "Blue Room",
        city: lisbon!.label,
        cityId: "",
        ...overrides,
      });
      return eventService.update(t.db, actor, id, withEventPlace(values, created));
    };
    expect(await edit({ title: "Renamed" })).toMatchObject({ title: "Renamed", ...onMap });
    expect(await edit({ city: "Lisboa (typed)" })).toMatchObject({
      city: "Lisboa (typed)",
      countryCode: null,
      latitude: null,
      longitude: null,
    });
    // An id that is not on the list is a typed city, not an error.
    expect(
      await eventService.create(t.db, actor, withEventPlace(form({ cityId: "1" }))),
    ).toMatchObject({ city: "Austin", latitude: null });
  });

  it("refuses a status outside upcoming, past and cancelled in the database too", async () => {
    await expect(
      eventService.create(t.db, actor, { ...form(), status: "postponed" }),
    ).rejects.toThrow();
    expect(await eventService.listAll(t.db)).toEqual([]);
  });
});
