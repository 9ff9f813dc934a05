import type { Database } from "./db.server";

/** Placeholder until the demo-content seed lands. */
export async function seedDemoContent(
  _db: Database,
  _paths: { publicDir: string; privateDir: string },
): Promise<Record<string, number>> {
  return {};
}
