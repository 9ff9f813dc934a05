import { describe, expect, it } from "vitest";
import type { ToastMessage } from "~/domain/core/toast";
import { CONNECTION_FAILED } from "~/lib/connection";
import { finishedSaveToasts, QUIET_FETCHER_PREFIX } from "./fetcher-toasts";

const deleted: ToastMessage = { id: "t1", type: "success", title: "Photo deleted successfully" };

describe("the admin frame's toasts of finished saves", () => {
  it("shows a finished save's toast, also when the form that sent it is gone", () => {
    // The row's fetcher, idle with its answer in the same state as the list without the row.
    expect(
      finishedSaveToasts([{ key: "r1", state: "idle", data: { ok: true, toast: deleted } }]),
    ).toEqual([deleted]);
  });

  it("waits while a save is under way, and passes over answers without a toast", () => {
    expect(
      finishedSaveToasts([
        { key: "r1", state: "loading", data: { ok: true, toast: deleted } },
        { key: "r2", state: "submitting" },
        { key: "r3", state: "idle" },
        { key: "r4", state: "idle", data: { ok: true } },
        { key: "r5", state: "idle", data: null },
      ]),
    ).toEqual([]);
  });

  it("leaves lookups and answers lost in transit to their forms", () => {
    const lost = { ok: false, [CONNECTION_FAILED]: true, toast: { ...deleted, type: "error" } };
    expect(
      finishedSaveToasts([
        { key: `${QUIET_FETCHER_PREFIX}r1`, state: "idle", data: { ok: true, toast: deleted } },
        { key: "r2", state: "idle", data: lost },
      ]),
    ).toEqual([]);
  });
});
