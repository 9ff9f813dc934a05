/**
 * Shared ending for command-line scripts: a clear one-paragraph failure message
 * (with the underlying cause, e.g. ECONNREFUSED behind a failed query) and a
 * non-zero exit code.
 */
import { EnvError } from "../app/server/core/env.server";

function describe(error: unknown): string {
  if (error instanceof EnvError) return error.message;
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  let cause: unknown = error.cause;
  while (cause) {
    parts.push(`caused by: ${cause instanceof Error ? cause.message : String(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return parts.join("\n  ");
}

export function runCli(task: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`${task} failed.\n  ${describe(error)}`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  });
}
