/**
 * PGlite is one process's database: two processes on one folder silently lose rows
 * (issue 13). The folder gets a lock file beside it naming its holder (pid and the
 * process's start time, which survives PID reuse after a restart); a second process
 * finds a living holder and refuses to start with a clear message. A holder that died
 * leaves a stale file, which the next start takes over.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataFolderInUse extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${folder} is already open in another process (pid ${holderPid}). ` +
        "Stop that process first, or give this one its own DATA_DIR. Several servers on one " +
        "database need PostgreSQL (DATABASE_URL).",
    );
    this.name = "DataFolderInUse";
  }
}

interface Holder {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux), when known. */
  started: string | null;
  host: string;
}

/** Field 22 of /proc/<pid>/stat; null where there is no /proc or no such process. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count after its end.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return true; // another machine's: cannot tell, assume so
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (holder.started === null) return true;
  const started = processStartTime(holder.pid);
  return started === null || started === holder.started;
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Holder>;
    if (typeof parsed.pid !== "number") return null;
    return { pid: parsed.pid, started: parsed.started ?? null, host: parsed.host ?? "" };
  } catch {
    return null;
  }
}

export const lockFileFor = (folder: string) =>
  path.join(path.dirname(path.resolve(folder)), `${path.basename(folder)}.lock`);

/** Takes the folder's lock or throws DataFolderInUse. Returns the release function. */
export function lockDataFolder(folder: string): () => void {
  const file = lockFileFor(folder);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: Holder = {
    pid: process.pid,
    started: processStartTime(process.pid),
    host: os.hostname(),
  };
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx", mode: 0o644 });
      const release = () => {
        process.off("exit", release);
        if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
      };
      // A crash leaves the file; a normal exit does not.
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(file);
    if (!holder && attempt < 2) {
      // Maybe just created and not yet written: look again in a moment.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    if (holder && holder.pid !== me.pid && isAlive(holder)) {
      throw new DataFolderInUse(path.resolve(folder), holder.pid);
    }
    if (holder?.pid === me.pid) throw new DataFolderInUse(path.resolve(folder), me.pid);
    // A holder that is gone (or a file cut short by a crash): take it over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
