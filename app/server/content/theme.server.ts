import { themeStyleSheet } from "~/domain/theme";
import { readActiveTheme } from "./content.server";
import { getDb } from "../db/database.server";
import { logger } from "../core/logger.server";

/** The active theme as a style sheet; a failed read is logged and the defaults apply. */
export async function loadThemeStyleSheet(): Promise<string> {
  try {
    return themeStyleSheet(await readActiveTheme(getDb()));
  } catch (error) {
    logger.error({ err: error }, "Theme load failed; using the default theme");
    return themeStyleSheet(null);
  }
}
