/**
 * Loaded into a server started by scripts/bench-memory.ts (`node --import`): answers the
 * bench's IPC question "memory?" with the process's own figures, so the bench can split
 * resident memory into the V8 heap, external memory (buffers, and the embedded database's
 * WebAssembly memory, which V8 counts there) and the rest. Never loaded by a normal start.
 */
if (process.send) {
  process.on("message", (message) => {
    if (message !== "memory?") return;
    const usage = process.memoryUsage();
    process.send({ memory: usage });
  });
  // The IPC channel must not keep a stopping server alive.
  process.channel?.unref();
}
