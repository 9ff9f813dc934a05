/**
 * Loaded into a server started by scripts/bench-memory.ts (`node --import`): answers the
 * bench's IPC question "memory?" with the process's own figures, so the bench can split
 * resident memory into the V8 heap, external memory (buffers, and the embedded database's
 * WebAssembly memory, which V8 counts there) and the rest. Never loaded by a normal start.
 */
import process from "node:process";
import v8 from "node:v8";
import vm from "node:vm";

/** A full garbage collection on request, to tell live heap from garbage not yet collected. */
function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  vm.runInNewContext("gc")();
}

if (process.send) {
  process.on("message", (message) => {
    if (message !== "memory?" && message !== "memory, no collection?") return;
    const usage = process.memoryUsage();
    if (message !== "memory?") {
      process.send({ memory: usage, liveHeapUsed: null });
      return;
    }
    collectGarbage();
    process.send({ memory: usage, liveHeapUsed: process.memoryUsage().heapUsed });
  });
  // The IPC channel must not keep a stopping server alive.
  process.channel?.unref();
}
