import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderInUse, lockDataFolder, lockFileFor } from "./data-folder-lock.server";
import { openDatabase } from "./database.server";

const folders: string[] = [];
function tempFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folder-lock-"));
  folders.push(dir);
  return path.join(dir, "pglite");
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Tries the lock from another Node process; returns what it printed. */
function lockFromAnotherProcess(folder: string): { status: number | null; output: string } {
  const script = `
    import { lockDataFolder } from ${JSON.stringify(path.resolve("app/server/db/data-folder-lock.server.ts"))};
    try { lockDataFolder(${JSON.stringify(folder)}); console.log("locked"); }
    catch (error) { console.log(error.name + ": " + error.message); process.exitCode = 3; }
  `;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("lockDataFolder", () => {
  it("refuses a second process while the first holds the folder, with a clear message", () => {
    const folder = tempFolder();
    const release = lockDataFolder(folder);
    try {
      const other = lockFromAnotherProcess(folder);
      expect(other.status).toBe(3);
      expect(other.output).toContain("DataFolderInUse");
      expect(other.output).toContain(`already open in another process (pid ${process.pid})`);
    } finally {
      release();
    }
    expect(fs.existsSync(lockFileFor(folder))).toBe(false);
    expect(lockFromAnotherProcess(folder).output).toContain("locked");
  });

  it("takes over the lock of a process that died without releasing it", () => {
    const folder = tempFolder();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    fs.writeFileSync(
      lockFileFor(folder),
      JSON.stringify({ pid: dead, started: "1", host: os.hostname() }),
    );
    const release = lockDataFolder(folder);
    expect(JSON.parse(fs.readFileSync(lockFileFor(folder), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("keeps PGlite to one opening of a folder", async () => {
    const folder = tempFolder();
    const first = openDatabase({ kind: "pglite", dataDir: folder });
    try {
      expect(() => openDatabase({ kind: "pglite", dataDir: folder })).toThrow(DataFolderInUse);
    } finally {
      await first.close();
    }
    const again = openDatabase({ kind: "pglite", dataDir: folder });
    await again.close();
  });
});
