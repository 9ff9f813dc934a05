import type { SectionResult } from "~/domain/content/loe/loe-page";
import { AppError, describeError } from "./errors.server";
import { logger } from "./logger.server";

/**
 * A section of a page that may fail on its own: the error is logged and the page
 * gets null, so it can show the spec's inline message and toast instead of failing
 * as a whole.
 */
export async function orNull<T>(load: Promise<T>, what: string): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    logger.error({ err: error }, `Failed to load ${what}`);
    return null;
  }
}

/** What a visitor may read about a failure: our own messages, a database title, or nothing. */
export function publicErrorMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const described = describeError(error);
  return described.title === "Unexpected Error" ? "Unknown error" : described.title;
}

/** Turns a section's load into data or a message, so the page renders either way. */
export async function settleSection<T>(
  section: string,
  load: () => Promise<T>,
): Promise<SectionResult<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    logger.error({ err: error, section }, "Page section failed to load");
    return { ok: false, message: publicErrorMessage(error) };
  }
}
