import { afterEach, describe, expect, it, vi } from "vitest";

const { shown, fakeSonner } = vi.hoisted(() => {
  const shown: unknown[][] = [];
  const fakeSonner = () => ({
    toast: Object.assign((...args: unknown[]) => shown.push(["message", ...args]), {
      success: (...args: unknown[]) => shown.push(["success", ...args]),
      error: (...args: unknown[]) => shown.push(["error", ...args]),
    }),
  });
  return { shown, fakeSonner };
});
vi.mock("sonner", fakeSonner);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("toast (sonner loaded on first use)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    shown.length = 0;
  });

  it("asks for the Toaster, then shows what was sent once it listens, in order", async () => {
    vi.stubGlobal("window", {});
    const { toast, onToasterWanted, toasterReady } = await import("./toast");
    const wanted = vi.fn();
    const stop = onToasterWanted(wanted);

    toast.success("Saved", { description: "All good" });
    toast("Item removed", { duration: 2000 });
    // Asked with every toast until it listens (a failed load is tried again).
    expect(wanted).toHaveBeenCalledTimes(2);
    await settle();
    expect(shown).toEqual([]); // sonner's Toaster is not mounted yet: nothing is lost

    toasterReady();
    await settle();
    toast.error("Failed");
    await settle();
    expect(shown).toEqual([
      ["success", "Saved", { description: "All good" }],
      ["message", "Item removed", { duration: 2000 }],
      ["error", "Failed", undefined],
    ]);
    expect(wanted).toHaveBeenCalledTimes(2); // not asked once it listens
    stop();
  });

  it("loses a toast whose code cannot be loaded, quietly, and loads it for the next", async () => {
    vi.stubGlobal("window", {});
    // The first load fails (a dropped connection, a new deploy), the next one works.
    let loads = 0;
    vi.doMock("sonner", () => {
      if (loads++ === 0) throw new Error("Failed to fetch dynamically imported module");
      return fakeSonner();
    });
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const { toast, toasterReady } = await import("./toast");
      toasterReady();
      toast.error("Lost");
      await settle();
      await settle();
      expect(shown).toEqual([]);
      toast.success("Shown");
      await settle();
      await settle();
      expect(shown).toEqual([["success", "Shown", undefined]]);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
      vi.doMock("sonner", fakeSonner);
    }
  });

  it("tells a Toaster that mounts later that it is wanted", async () => {
    vi.stubGlobal("window", {});
    const { toast, onToasterWanted } = await import("./toast");
    toast.error("Early");
    const wanted = vi.fn();
    onToasterWanted(wanted);
    expect(wanted).toHaveBeenCalledTimes(1);
  });

  it("shows one answer once, however many ways it reaches the screen", async () => {
    vi.stubGlobal("window", {});
    const { showToastOnce, toasterReady } = await import("./toast");
    toasterReady();
    const answer = { id: "a1", type: "success" as const, title: "Photo deleted successfully" };
    showToastOnce(answer);
    showToastOnce(answer);
    // The same words in a new answer (a second delete) show again.
    showToastOnce({ ...answer, id: "a2" });
    await settle();
    expect(shown).toEqual([
      [
        "success",
        "Photo deleted successfully",
        { id: "a1", description: undefined, duration: undefined },
      ],
      [
        "success",
        "Photo deleted successfully",
        { id: "a2", description: undefined, duration: undefined },
      ],
    ]);
  });

  it("does nothing on the server", async () => {
    const { toast, onToasterWanted } = await import("./toast");
    const wanted = vi.fn();
    onToasterWanted(wanted);
    toast.success("Server");
    await settle();
    expect(wanted).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });
});
