import { describe, expect, it } from "vitest";
import { DEFAULT_THEME } from "./theme";
import { contrastRatio, hexToHsl, hslToHex, parseHsl, themeContrastWarnings } from "./theme-color";

describe("theme colours for the picker", () => {
  it("turns 'h s% l%' into #rrggbb", () => {
    expect(hslToHex("0 0% 0%")).toBe("#000000");
    expect(hslToHex("0 0% 100%")).toBe("#ffffff");
    expect(hslToHex("0 100% 50%")).toBe("#ff0000");
    expect(hslToHex("120 100% 25%")).toBe("#008000");
    expect(hslToHex("240 100% 50%")).toBe("#0000ff");
    expect(hslToHex(" 45  90%  60% ")).toBe("#f5c73d");
  });

  it("turns #rrggbb and #rgb back into whole-number 'h s% l%'", () => {
    expect(hexToHsl("#000000")).toBe("0 0% 0%");
    expect(hexToHsl("#FFFFFF")).toBe("0 0% 100%");
    expect(hexToHsl("#ff0000")).toBe("0 100% 50%");
    expect(hexToHsl("#0f0")).toBe("120 100% 50%");
    expect(hexToHsl("#0000ff")).toBe("240 100% 50%");
    expect(hexToHsl("#f5c73d")).toBe("45 90% 60%");
  });

  it("round-trips every default colour through the picker to within a point", () => {
    for (const value of Object.values(DEFAULT_THEME.colors)) {
      const back = parseHsl(hexToHsl(hslToHex(value)!)!)!;
      const original = parseHsl(value)!;
      expect(Math.abs(back.l - original.l)).toBeLessThanOrEqual(1);
      expect(hslToHex(hexToHsl(hslToHex(value)!)!)).toBe(hslToHex(value));
    }
  });

  it("refuses what is not a colour", () => {
    expect(hslToHex("#ff0000")).toBeNull();
    expect(hslToHex("400 50% 50%")).toBeNull();
    expect(hslToHex("10 150% 50%")).toBeNull();
    expect(hexToHsl("red")).toBeNull();
    expect(hexToHsl("#12345")).toBeNull();
    expect(parseHsl("")).toBeNull();
  });
});

describe("contrast", () => {
  it("measures the WCAG ratio", () => {
    expect(contrastRatio("0 0% 0%", "0 0% 100%")).toBeCloseTo(21, 5);
    expect(contrastRatio("0 0% 100%", "0 0% 0%")).toBeCloseTo(21, 5);
    expect(contrastRatio("0 0% 50%", "0 0% 50%")).toBeCloseTo(1, 5);
    // #767676 (118/255 = 46.27%) on white is the classic 4.54:1.
    expect(contrastRatio("0 0% 46.27%", "0 0% 100%")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("oops", "0 0% 100%")).toBeNull();
  });

  it("has no warning for the default theme", () => {
    expect(themeContrastWarnings(DEFAULT_THEME.colors)).toEqual([]);
  });

  it("warns for text on the background below 4.5:1", () => {
    const warnings = themeContrastWarnings({
      ...DEFAULT_THEME.colors,
      foreground: "0 0% 30%",
      background: "0 0% 20%",
    });
    expect(warnings.map((w) => w.pair)).toEqual(["foreground-on-background"]);
    expect(warnings[0]!.message).toMatch(
      /^Text on the page background has a contrast of 1\.\d:1, below the 4\.5:1/,
    );
  });

  it("warns for text on primary buttons (the background colour on primary)", () => {
    const warnings = themeContrastWarnings({
      ...DEFAULT_THEME.colors,
      primary: "0 0% 10%",
    });
    expect(warnings.map((w) => w.pair)).toEqual(["primary-foreground-on-primary"]);
  });

  it("rounds the shown ratio down, so a failing pair never reads 4.5", () => {
    // #777777 (119/255 = 46.67%) on white is 4.48:1: just below AA.
    const warnings = themeContrastWarnings({
      ...DEFAULT_THEME.colors,
      foreground: "0 0% 46.67%",
      background: "0 0% 100%",
      primary: "0 0% 0%",
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain("4.4:1");
  });

  it("leaves colours that are not valid to the form's validation", () => {
    expect(themeContrastWarnings({ foreground: "", background: "0 0% 0%" })).toEqual([]);
  });
});
