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
