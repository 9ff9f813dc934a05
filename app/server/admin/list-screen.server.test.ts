/**
 * A list screen's server half on a fresh database, signed in through Better Auth: the
 * loader's gate, filters, page, open record, parts and failures; a page read past the
 * end; the CSV download; and an intent answered as a file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "~/domain/core/zod";
import {
  choiceFilter,
  listFilters,
  searchFilter,
  wholeList,
  type ListPage,
} from "~/domain/admin/list-screen";
import { FILE_TOAST_HEADER } from "~/domain/admin/admin-action";
import { timeColumn } from "~/domain/core/csv";
import { AppError, NotFound } from "../core/errors.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import { createTestApp, formPost, type TestApp } from "../testing/test-app.server";
import { handleAdminFileAction, intent } from "./admin-action.server";
import { answerCsvExport, csvExports, listExport } from "./csv-export.server";
import {
  defineListSource,
  loadListScreen,
  readListPage,
  type ListSource,
} from "./list-screen.server";

const GIG_FILTERS = listFilters({
  q: searchFilter(),
  state: choiceFilter(["open", "closed"] as const, "any"),
});

interface Gig {
  id: string;
  venue: string;
  at: Date;
}
const GIGS: Gig[] = [
  { id: "g1", venue: "Blue Note", at: new Date("2026-07-01T23:30:00Z") },
  { id: "g2", venue: "Village Vanguard", at: new Date("2026-01-15T02:00:00Z") },
];

/** A list whose reads can be made to fail, to see the screen stand without them. */
function gigList(fail: { list?: boolean; detail?: boolean; part?: boolean } = {}) {
  return defineListSource({
    filters: GIG_FILTERS,
    read: async (_db, query, context) => {
      if (fail.list) throw new Error("list down");
      const rows = GIGS.filter((g) => g.venue.toLowerCase().includes(query.q.toLowerCase()));
      return { ...wholeList(rows.map(({ id, venue }) => ({ id, venue }))), zone: context.timeZone };
    },
    fetchFailed: "Failed to fetch gigs",
    detail: {
      param: "gig",
      read: async (_db, id) => {
        if (fail.detail) throw new Error("detail down");
        return GIGS.find((g) => g.id === id)?.venue ?? null;
      },
      notFound: "This gig could not be found.",
      failed: "Failed to fetch the gig",
    },
    parts: {
      venues: async () => {
        if (fail.part) throw new Error("part down");
        return GIGS.length;
      },
    },
    csv: {
      dataset: "gigs",
      rows: async () => GIGS,
      columns: (timeZone) => [
        { header: "Venue", value: (g) => g.venue },
        timeColumn("Starts", (g) => g.at, timeZone),
      ],
    },
  });
}

describe.each(await testDatabaseKinds())("a list screen's server half on %s", (kind) => {
  let app: TestApp;
  let owner: { cookie: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.createUser("owner@example.com", { isAdmin: true });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const load = <F, P, D, X extends object, C>(
    path: string,
    list: ListSource<F, P, D, X, C>,
    cookie = owner.cookie,
  ) => loadListScreen(app.request(path, { cookie }), list);
  const gigs = (path: string, list = gigList()) => load(path, list);

  it("sends a visitor to sign in before reading anything", async () => {
    let read = false;
    const list = defineListSource({
      filters: GIG_FILTERS,
      read: async () => {
        read = true;
        return wholeList([]);
      },
      fetchFailed: "x",
    });
    const refused = await load("/admin/gigs", list, "").catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("location")).toMatch(/\/auth/);
    expect(read).toBe(false);
  });

  it("reads the filters leniently, the page, the parts, and the site's time zone", async () => {
    const screen = await gigs("/admin/gigs?q=+blue+&state=lost&page=-3");
    expect(screen.filters).toEqual({ q: "blue", state: "any", page: 1 });
    expect(screen.filtered).toBe(true);
    expect(screen.list?.rows).toEqual([{ id: "g1", venue: "Blue Note" }]);
    expect(screen.list?.zone).toBe(screen.timeZone);
    expect(screen.parts).toEqual({ venues: 2 });
    expect(screen).toMatchObject({ loadFailed: null, toast: null, detail: null });
    expect((await gigs("/admin/gigs")).filtered).toBe(false);
  });

  it("opens the record the address names, or says it is not there or could not be read", async () => {
    expect((await gigs("/admin/gigs?gig=g2")).detail).toEqual({
      id: "g2",
      data: "Village Vanguard",
      missing: null,
    });
    expect((await gigs("/admin/gigs?gig=g9")).detail).toEqual({
      id: "g9",
      data: null,
      missing: "This gig could not be found.",
    });
    const failed = await gigs("/admin/gigs?gig=g1", gigList({ detail: true }));
    expect(failed.detail).toEqual({ id: "g1", data: null, missing: "Failed to fetch the gig" });
    // The list stands when the record fails, and the other way round.
    expect(failed.list?.rows).toHaveLength(2);
  });

  it("opens nothing for an unknown id when the list has no words for it", async () => {
    const quiet = gigList();
    const list = { ...quiet, detail: { ...quiet.detail!, notFound: undefined } };
    expect((await gigs("/admin/gigs?gig=g9", list)).detail).toBeNull();
  });

  it("stands in for a list that could not be read with its words and a toast; a part is null", async () => {
    const screen = await gigs("/admin/gigs?gig=g1", gigList({ list: true, part: true }));
    expect(screen.list).toBeNull();
    expect(screen.loadFailed).toBe("Failed to fetch gigs");
    expect(screen.toast).toMatchObject({ type: "error", description: "Failed to fetch gigs" });
    expect(screen.parts).toEqual({ venues: null });
    expect(screen.detail?.data).toBe("Blue Note");
  });

  it("reads a page past the end as the last page, and one page of nothing", async () => {
    const page = (asked: number, rows: number) =>
      readListPage<number>(
        asked,
        {
          count: async () => rows,
          rows: async ({ limit, offset }) =>
            Array.from(
              { length: Math.max(0, Math.min(limit, rows - offset)) },
              (_, i) => offset + i,
            ),
        },
        10,
      );
    expect(await page(7, 25)).toEqual({
      rows: [20, 21, 22, 23, 24],
      total: 25,
      page: 3,
      pageCount: 3,
    } satisfies ListPage<number>);
    expect(await page(2, 0)).toEqual({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  describe("CSV", () => {
    const exports = csvExports([gigList()], {
      broken: async () => {
        throw new Error("disk full");
      },
      refused: async () => {
        throw new NotFound("No such table.");
      },
    });
    const download = (dataset: string, cookie = owner.cookie) =>
      answerCsvExport(app.request(`/admin/export/${dataset}`, { cookie }), dataset, exports).catch(
        (thrown: unknown) => thrown as { init?: { status?: number } } | Response,
      );

    it("answers a list's CSV by its dataset, with a BOM, never cached, times in the site's zone", async () => {
      const answer = (await download("gigs")) as Response;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("content-disposition")).toMatch(
        /^attachment; filename="gigs-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = Buffer.from(await answer.arrayBuffer());
      // The BOM a spreadsheet needs to read UTF-8.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString("utf8");
      expect(text).toMatch(/^Venue,Starts \([A-Za-z_/]+\)\r\n/);
      expect(text).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    });

    it("writes a list's CSV for a query with a clock a test sets", async () => {
      const { filename, csv } = await listExport(gigList())(app.t.db, new URLSearchParams(), {
        now: new Date("2026-01-15T03:00:00Z"),
        timeZone: "America/Los_Angeles",
      });
      expect(filename).toBe("gigs-2026-01-14.csv");
      expect(csv).toContain("Village Vanguard,2026-01-14T18:00:00-08:00");
    });

    it("refuses a dataset nobody declared, a visitor, and says a failure in plain words", async () => {
      expect((await download("secrets")) as { init: { status: number } }).toMatchObject({
        init: { status: 404 },
      });
      expect((await download("refused")) as { init: { status: number } }).toMatchObject({
        init: { status: 404 },
      });
      expect((await download("broken")) as { init: { status: number } }).toMatchObject({
        init: { status: 500 },
        data: "The export failed. Please try again.",
      });
      const visitor = (await download("gigs", "")) as Response;
      expect(visitor.headers.get("location")).toMatch(/\/auth/);
    });
  });

  describe("an intent answered as a file", () => {
    const intents = {
      make: intent({
        schema: z.object({ name: z.string().min(1, "Please give it a name.") }),
        run: async ({ input }) => {
          if (input.name === "clash") throw new AppError("Try again.", 409, "Error", "form");
          if (input.name === "boom") throw new Error("disk full");
          return { name: input.name };
        },
        success: (made) => ({ title: "Made", description: made.name }),
        failure: "The file could not be made.",
        file: (made) => ({
          name: `${made.name}.txt`,
          type: "text/plain; charset=utf-8",
          body: new TextEncoder().encode(`hello ${made.name}`),
          headers: { "X-Made": made.name },
        }),
      }),
    };
    const post = (fields: Record<string, string>, cookie = owner.cookie) =>
      handleAdminFileAction(
        formPost(app, "/admin/gigs/make", { intent: "make", ...fields }, cookie),
        intents,
      );

    it("answers the file as a download, its toast in a header", async () => {
      const answer = await post({ name: "set-list" });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("hello set-list");
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(answer.headers.get("content-disposition")).toBe('attachment; filename="set-list.txt"');
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-made")).toBe("set-list");
      const toast = JSON.parse(decodeURIComponent(answer.headers.get(FILE_TOAST_HEADER)!));
      expect(toast).toMatchObject({ type: "success", title: "Made", description: "set-list" });
    });

    it("answers a refusal as the kit's JSON with its status: beside the field, above the form", async () => {
      const invalid = await post({ name: "" });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({
        ok: false,
        fieldErrors: { name: "Please give it a name." },
      });
      const clash = await post({ name: "clash" });
      expect(clash.status).toBe(409);
      expect(await clash.json()).toMatchObject({ ok: false, fieldErrors: { form: "Try again." } });
      const boom = await post({ name: "boom" });
      expect(boom.status).toBe(500);
      expect(await boom.json()).toMatchObject({
        ok: false,
        fieldErrors: {},
        toast: { description: "The file could not be made." },
      });
      const control = await post({ name: "a\u0000b" });
      expect(control.status).toBe(400);
    });

    it("refuses someone without a session before the form is read", async () => {
      const refused = await post({ name: "x" }, "").catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get("location")).toMatch(/\/auth/);
    });
  });
});
