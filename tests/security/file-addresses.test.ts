/**
 * A file address into a private network is never saved (issue 27). The shop dialog said
 * "Invalid image URL" for http://169.254.169.254/, yet "Create Product" saved it, and the
 * public card sent every visitor's browser there. Now every entity that stores an image,
 * video, artwork or audio file address refuses one that is (or resolves to) anything but a
 * public address, beside the field, with nothing saved; one whose host cannot be found is
 * saved with a warning toast (docs/decisions/024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { PRIVATE_FILE_ADDRESS_MESSAGE } from "~/domain/core/file-reference";
import * as schema from "~/server/db/schema.server";
import { setHostResolverForTests } from "~/server/http/image-url-check.server";
import {
  createTestApp,
  formPost,
  loadContext,
  testHostResolver,
  type TestApp,
} from "~/server/testing/test-app.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";

type Action = (args: never) => Promise<unknown>;

interface Answer {
  status: number;
  body: {
    ok?: boolean;
    fieldErrors?: Record<string, string>;
    toast?: { type: string; title: string; description?: string };
  };
}

async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, body: {} };
  if (outcome && typeof outcome === "object" && "init" in outcome && "data" in outcome) {
    const d = outcome as { data: Answer["body"]; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  if (outcome instanceof Error) throw outcome;
  return { status: 200, body: outcome as Answer["body"] };
}

/** Every table but the ones a request writes by itself. */
async function snapshot(app: TestApp): Promise<string> {
  const skip = new Set(["sessions", "rate_limits", "verifications", "app_rate_limits"]);
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    if (skip.has(getTableName(table))) continue;
    out[getTableName(table)] = await app.t.db.select().from(table);
  }
  return JSON.stringify(out);
}

/** One save per entity and file field, valid but for the address put in `field`. */
const SAVES: {
  name: string;
  path: string;
  module: string;
  field: string;
  body: (address: string) => Record<string, string>;
}[] = [
  {
    name: "shop item image",
    path: "/admin/shop",
    module: "~/routes/admin/shop",
    field: "imageUrl",
    body: (imageUrl) => ({
      intent: "create",
      title: `Tour shirt ${Math.random()}`,
      category: "merchandise",
      price: "20",
      imageUrl,
    }),
  },
  {
    name: "gallery photo",
    path: "/admin/photo-gallery",
    module: "~/routes/admin/photo-gallery",
    field: "imageUrl",
    body: (imageUrl) => ({ intent: "create", title: "Soundcheck", altText: "The band", imageUrl }),
  },
  {
    name: "event image",
    path: "/admin/events",
    module: "~/routes/admin/events",
    field: "imageUrl",
    body: (imageUrl) => ({
      intent: "create",
      title: "Late set",
      date: "2099-05-01",
      venue: "Blue Note",
      city: "New York",
      imageUrl,
    }),
  },
  {
    name: "media item (a photo's address)",
    path: "/admin/media",
    module: "~/routes/admin/media",
    field: "url",
    body: (url) => ({ intent: "create", title: "Live photo", type: "photo", url }),
  },
  {
    name: "media item thumbnail",
    path: "/admin/media",
    module: "~/routes/admin/media",
    field: "thumbnailUrl",
    body: (thumbnailUrl) => ({
      intent: "create",
      title: "Live video",
      type: "video",
      url: "https://cdn.example.com/live.mp4",
      thumbnailUrl,
    }),
  },
  {
    name: "featured video file",
    path: "/admin/featured-videos",
    module: "~/routes/admin/featured-videos",
    field: "videoUrl",
    body: (videoUrl) => ({ intent: "create", title: "Trio", videoUrl }),
  },
  {
    name: "LOE image",
    path: "/admin/loe",
    module: "~/routes/admin/loe",
    field: "imageUrl",
    body: (imageUrl) => ({
      intent: "image:create",
      title: "Letter",
      altText: "A letter",
      imageUrl,
    }),
  },
  {
    name: "LOE video thumbnail",
    path: "/admin/loe",
    module: "~/routes/admin/loe",
    field: "thumbnailUrl",
    body: (thumbnailUrl) => ({
      intent: "video:create",
      title: "Endorsement",
      sourceType: "youtube",
      embedId: "dQw4w9WgXcQ",
      thumbnailUrl,
    }),
  },
  {
    name: "LOE audio artwork",
    path: "/admin/loe",
    module: "~/routes/admin/loe",
    field: "artworkUrl",
    body: (artworkUrl) => ({
      intent: "audio:create",
      title: "Ballad",
      sourceType: "url",
      audioUrl: "https://cdn.example.com/ballad.mp3",
      artworkUrl,
    }),
  },
  {
    name: "LOE audio file address",
    path: "/admin/loe",
    module: "~/routes/admin/loe",
    field: "audioUrl",
    body: (audioUrl) => ({ intent: "audio:create", title: "Ballad", sourceType: "url", audioUrl }),
  },
  {
    name: "home hero image (page content)",
    path: "/admin/home",
    module: "~/routes/admin/home",
    field: "description",
    body: (description) => ({
      intent: "update-content",
      pageName: "home-hero-image",
      title: "Hero image",
      description,
    }),
  },
];

describe.each(await testDatabaseKinds())("file addresses on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    // A helper without Admin privileges: all of this is content work.
    cookie = (await app.createUser("helper@example.com")).cookie;
    setHostResolverForTests(async (host) =>
      host === "inside.example.com" ? ["10.0.0.7"] : testHostResolver(host),
    );
  });
  afterAll(async () => {
    await app?.destroy();
  });

  describe.each(SAVES)("$name", ({ path, module, field, body }) => {
    const save = async (address: string) => {
      const { action } = (await import(/* @vite-ignore */ module)) as { action: Action };
      return answer(() =>
        action({
          request: formPost(app, path, body(address), cookie),
          params: {},
          context: loadContext,
        } as never),
      );
    };

    it.each([
      "http://169.254.169.254/latest/meta-data/cover.jpg",
      "http://[::ffff:0:7f00:1]/cover.jpg",
      "http://printer.local/cover.jpg",
      "https://inside.example.com/cover.jpg",
    ])("refuses %s beside the field and saves nothing", async (address) => {
      const before = await snapshot(app);
      const result = await save(address);
      expect(result.status).toBe(400);
      expect(result.body.fieldErrors?.[field]).toBe(PRIVATE_FILE_ADDRESS_MESSAGE);
      expect(await snapshot(app)).toBe(before);
    });

    it("saves an address whose host cannot be found, with a warning toast", async () => {
      const result = await save("https://images.invalid/cover.jpg");
      expect(result.status).toBe(200);
      expect(result.body.ok).toBe(true);
      expect(result.body.toast?.type).toBe("warning");
      expect(result.body.toast?.description).toContain("could not reach images.invalid");
    });

    it("saves a public address as usual", async () => {
      const result = await save("https://images.example.com/cover.jpg");
      expect(result.body).toMatchObject({ ok: true, toast: { type: "success" } });
    });
  });
});
