/**
 * The one way a periodic job runs: every interval, never two runs of it at once in this
 * process, on one instance at a time when it says so (an advisory lock on the shared
 * database, db/job-lock.server.ts), unref'd so it never keeps a process alive, and
 * stopped on shutdown (the stop waits for a run in progress). A failed run is logged
 * and the next one comes at its time.
 */
import type { Database } from "./database.server";
import { runExclusively } from "./job-lock.server";
import { logger } from "../core/logger.server";

export interface PeriodicJob {
  /** Names the job in the log and its lock. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /**
   * Several instances on one database: at most one runs the job at a time. Absent: each
   * process runs its own (work on its own memory, such as a buffer or a cache).
   */
  oneInstanceOn?: Database;
  /** Run once at start (default), or first after one interval. */
  runAtStart?: boolean;
}

export interface RunningJob {
  /** Runs the job now unless a run is in progress (then waits for that one). */
  runNow(): Promise<void>;
  /** No more runs; resolves when a run in progress has ended. */
  stop(): Promise<void>;
}

export function startPeriodicJob(job: PeriodicJob): RunningJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = (): Promise<void> => {
    if (running) return running;
    if (stopped) return Promise.resolve();
    const body = job.oneInstanceOn
      ? runExclusively(job.oneInstanceOn, job.name, job.run)
      : job.run();
    running = Promise.resolve(body)
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error, job: job.name }, "Periodic job failed"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  if (job.runAtStart !== false) void runOnce();
  const timer = setInterval(() => void runOnce(), job.everyMs);
  timer.unref();
  return {
    runNow: runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
