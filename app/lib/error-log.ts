/**
 * A small error log in the browser's local storage (public-site spec §3 "Error log"):
 * the last 10 entries under `errorLogs`, each with a message, the error and where it
 * happened. It helps when a visitor reports "the picture did not show".
 */

export const ERROR_LOG_KEY = "errorLogs";
export const ERROR_LOG_LIMIT = 10;

export interface ErrorLogEntry {
  message: string;
  error: string;
  context: {
    timestamp: string;
    url: string;
    userAgent: string;
    [extra: string]: unknown;
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** Appends an entry, dropping the oldest beyond 10. Never throws (private mode, quota). */
export function logError(
  message: string,
  error: unknown,
  extra: Record<string, unknown> = {},
  storage: Pick<Storage, "getItem" | "setItem"> | undefined = globalThis.localStorage,
): ErrorLogEntry {
  const entry: ErrorLogEntry = {
    message,
    error: describe(error),
    context: {
      ...extra,
      timestamp: new Date().toISOString(),
      url: globalThis.location?.href ?? "",
      userAgent: globalThis.navigator?.userAgent ?? "",
    },
  };
  if (!storage) return entry;
  try {
    const entries = [...readErrorLogs(storage), entry].slice(-ERROR_LOG_LIMIT);
    storage.setItem(ERROR_LOG_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the log is a convenience, never a reason to fail.
  }
  return entry;
}

export function readErrorLogs(
  storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage,
): ErrorLogEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(ERROR_LOG_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as ErrorLogEntry[]) : [];
  } catch {
    return [];
  }
}
