import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  domainArrows,
  layerProblems,
  serverArrows,
  serverRoomsInOrder,
  tableArrows,
  type Arrow,
} from "./check-layers";

const arrow = (from: string, to: string): Arrow => ({ from, to, files: [`${from}/x.server.ts`] });
const ROOMS = ["shop", "mail", "db"];

describe("the server's layer check", () => {
  it("reads the rooms from the architecture table, highest first", () => {
    const doc = [
      "## The server, by capability",
      "",
      "| folder | what lives there |",
      "| --- | --- |",
      "| `app/server/shop/` | orders |",
      "| `app/server/db/` | the schema |",
      "",
      "## Next section",
      "| `app/server/other/` | not in the table |",
    ].join("\n");
    expect(serverRoomsInOrder(doc)).toEqual(["shop", "db"]);
  });

  it("lets arrows run downward", () => {
    expect(layerProblems([arrow("shop", "mail"), arrow("mail", "db")], ROOMS, {})).toEqual([]);
  });

  it("reports an arrow into a room above, with its files", () => {
    const problems = layerProblems([arrow("db", "mail")], ROOMS, {});
    expect(problems).toEqual([{ arrow: arrow("db", "mail"), why: "mail/ stands above db/" }]);
  });

  it("reports the upward one of two rooms that import each other", () => {
    const problems = layerProblems([arrow("shop", "db"), arrow("db", "shop")], ROOMS, {});
    expect(problems).toEqual([
      { arrow: arrow("db", "shop"), why: "shop/ stands above db/ and imports it" },
    ]);
  });

  it("reports a room the table does not list", () => {
    expect(layerProblems([arrow("jobs", "db")], ROOMS, {})).toEqual([
      { arrow: arrow("jobs", "db"), why: "jobs/ has no row in the architecture table" },
    ]);
  });

  it("reports a table read from a room above as such", () => {
    const read: Arrow = { ...arrow("mail", "shop"), kind: "table" };
    expect(layerProblems([read], ["shop", "mail"], {})).toEqual([
      { arrow: read, why: "shop/ stands above mail/" },
    ]);
    const both: Arrow[] = [read, { ...arrow("shop", "mail"), kind: "table" }];
    expect(layerProblems(both, ["shop", "mail"], {})[0]!.why).toBe(
      "shop/ stands above mail/ and reads its tables",
    );
  });

  it("keeps server imports and table reads apart: an import down and a read up is still a problem", () => {
    const problems = layerProblems(
      [arrow("shop", "mail"), { ...arrow("mail", "shop"), kind: "table" }],
      ["shop", "mail"],
      {},
    );
    expect(problems.map((p) => p.why)).toEqual(["shop/ stands above mail/"]);
  });

  it("leaves out an arrow allowed with its reason", () => {
    expect(layerProblems([arrow("db", "mail")], ROOMS, { "db->mail": "because" })).toEqual([]);
  });

  it("finds every room of app/server in the table, and no arrow running back up", () => {
    const rooms = serverRoomsInOrder(readFileSync("docs/ARCHITECTURE.md", "utf8"));
    const folders = readdirSync("app/server", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...rooms].sort()).toEqual(folders.sort());
    const arrows = serverArrows();
    expect(arrows.length).toBeGreaterThan(0);
    expect(layerProblems(arrows, rooms)).toEqual([]);
  });

  it("finds the domain's rooms among the server's, and no domain import or table read running up", () => {
    const rooms = serverRoomsInOrder(readFileSync("docs/ARCHITECTURE.md", "utf8"));
    const domainRooms = readdirSync("app/domain", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(domainRooms.filter((room) => !rooms.includes(room))).toEqual([]);
    const looseFiles = readdirSync("app/domain").filter((name) => /\.tsx?$/.test(name));
    expect(looseFiles).toEqual([]);
    const domain = domainArrows();
    const tables = tableArrows();
    expect(domain.length).toBeGreaterThan(0);
    expect(tables.length).toBeGreaterThan(0);
    expect(layerProblems(domain, rooms)).toEqual([]);
    expect(layerProblems(tables, rooms)).toEqual([]);
  });
});
