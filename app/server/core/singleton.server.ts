/**
 * One instance per process, even when a module is loaded twice (once by server.ts,
 * once inside the React Router server bundle). The embedded database must never be
 * opened twice.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as typeof globalThis & { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}

/** Replaces (or, with undefined, forgets) a process-wide instance. For tests. */
export function setSingleton<T>(name: string, value: T | undefined): void {
  const store = globalThis as typeof globalThis & { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (value === undefined) store.__singletons.delete(name);
  else store.__singletons.set(name, value);
}
