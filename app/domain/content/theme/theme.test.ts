import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_THEME,
  cssVariableName,
  isHslTriple,
  themeCssVariables,
  themeStyleSheet,
} from "./theme";

describe("theme variables", () => {
  it("are the stylesheet's :root defaults when no theme is active (a page without the root's data relies on them)", () => {
    const css = readFileSync(new URL("../../../app.css", import.meta.url), "utf8");
    const root = /^:root \{([^}]*)\}/m.exec(css)?.[1] ?? "";
    const declared = Object.fromEntries(
      [...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]),
    );
    const expected = Object.fromEntries(
      Object.entries(themeCssVariables(null)).map(([name, value]) => [
        name,
        value.replaceAll("'", '"'),
      ]),
    );
    expect(declared).toEqual(expected);
  });

  it("uses the admin spec's defaults when no theme is active", () => {
    const vars = themeCssVariables(null);
    expect(vars["--primary"]).toBe("45 90% 60%");
    expect(vars["--secondary"]).toBe("35 80% 55%");
    expect(vars["--background"]).toBe("0 0% 6%");
    expect(vars["--font-playfair"]).toContain('"Playfair Display"');
    expect(vars["--font-inter"]).toContain('"Inter"');
    expect(vars["--fade-duration"]).toBe("0.8s");
    expect(vars["--slide-duration"]).toBe("0.6s");
  });

  it("turns underscores in names into hyphens", () => {
    expect(cssVariableName("fade_duration")).toBe("--fade-duration");
    const vars = themeCssVariables({ ...DEFAULT_THEME, animations: { bounce_in_time: "1s" } });
    expect(vars["--bounce-in-time"]).toBe("1s");
  });

  it("applies a stored theme over the defaults", () => {
    const vars = themeCssVariables({
      name: "Blue",
      colors: { primary: "210 80% 60%" },
      typography: { font_playfair: "Cormorant Garamond" },
      animations: {},
    });
    expect(vars["--primary"]).toBe("210 80% 60%");
    expect(vars["--secondary"]).toBe("35 80% 55%");
    expect(vars["--font-playfair"]).toContain('"Cormorant Garamond"');
  });

  it("keeps the default for a colour that is not 'hue saturation% lightness%'", () => {
    expect(isHslTriple("45 90% 60%")).toBe(true);
    expect(isHslTriple("#ff0000")).toBe(false);
    const vars = themeCssVariables({ ...DEFAULT_THEME, colors: { primary: "red" } });
    expect(vars["--primary"]).toBe("45 90% 60%");
  });

  it("never lets a value break out of the style element", () => {
    const css = themeStyleSheet({
      name: "Evil",
      colors: {},
      typography: { font_inter: "x;}</style><script>alert(1)</script>" },
      animations: { "bad name;": "1s", fade_duration: "1s}" },
    });
    expect(css).not.toMatch(/<|>|;}|bad name/);
    expect(css).toContain("--font-inter:");
    expect(css.startsWith(":root{")).toBe(true);
  });
});
