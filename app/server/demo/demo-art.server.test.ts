import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { ART_SCENES, PALETTES, faviconSvg, placeholderSvg, renderArtSvg } from "./demo-art.server";
import { createRandom } from "./demo-random.server";

describe("demo art", () => {
  it("is deterministic for a seed and different across seeds", () => {
    const spec = { scene: "stage", palette: "gold", width: 600, height: 400, seed: "a" } as const;
    expect(renderArtSvg(spec)).toBe(renderArtSvg(spec));
    expect(renderArtSvg({ ...spec, seed: "b" })).not.toBe(renderArtSvg(spec));
  });

  it("renders every scene at the requested size, without any text", async () => {
    const palettes = Object.keys(PALETTES) as (keyof typeof PALETTES)[];
    for (const [i, scene] of ART_SCENES.entries()) {
      const svg = renderArtSvg({
        scene,
        palette: palettes[i % palettes.length]!,
        width: 320,
        height: 240,
        seed: scene,
      });
      expect(svg, scene).not.toMatch(/<text/);
      const { info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], scene).toEqual([320, 240]);
    }
  });

  it("ships a placeholder and a favicon that render", async () => {
    for (const svg of [placeholderSvg(), faviconSvg()]) {
      expect(svg).not.toMatch(/<text/);
      expect((await sharp(Buffer.from(svg)).metadata()).format).toBe("svg");
    }
  });
});

describe("seeded random", () => {
  it("repeats its sequence for a seed and stays in range", () => {
    const a = createRandom("seed");
    const b = createRandom("seed");
    for (let i = 0; i < 100; i++) {
      const x = a.next();
      expect(x).toBe(b.next());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    const r = createRandom(7);
    for (let i = 0; i < 100; i++) {
      const n = r.int(1, 6);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(6);
    }
  });
});
