import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import { DEFAULT_THEME } from "./theme";
import {
  THEME_TEXT,
  parseDurationSeconds,
  parseHslColor,
  themeActivated,
  themeCreateSchema,
  themeFormValues,
  themeUpdateSchema,
} from "./theme-form";

const defaults = themeFormValues({ name: "Midnight Gold" });
const errors = (input: Record<string, unknown>) => {
  const result = themeCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("theme schema", () => {
  it("turns the default theme's flat form back into the stored theme", () => {
    expect(themeCreateSchema.parse(defaults)).toEqual(DEFAULT_THEME);
  });

  it("normalises colours, fonts and durations", () => {
    const v = themeCreateSchema.parse({
      ...defaults,
      name: "  Dusk ",
      "colors.primary": "  200   50%  40% ",
      "typography.font_inter": " Source  Sans 3 ",
      "animations.fade_duration": "1",
      "animations.slide_duration": ".5s",
    });
    expect(v.name).toBe("Dusk");
    expect(v.colors.primary).toBe("200 50% 40%");
    expect(v.typography.font_inter).toBe("Source Sans 3");
    expect(v.animations).toEqual({ fade_duration: "1s", slide_duration: "0.5s" });
  });

  it("gives each field's message", () => {
    expect(
      errors({
        ...defaults,
        name: " ",
        "colors.primary": "#ff0000",
        "colors.success": "",
        "colors.muted": "400 50% 50%",
        "typography.font_playfair": "Evil; } body {",
        "typography.font_inter": "",
        "animations.fade_duration": "0",
        "animations.slide_duration": "fast",
      }),
    ).toEqual({
      name: "Theme name is required",
      "colors.primary":
        "Primary colour must be written as 'hue saturation% lightness%' (e.g., 45 90% 60%)",
      "colors.success": "Success colour is required",
      "colors.muted":
        "Muted colour must be written as 'hue saturation% lightness%' (e.g., 45 90% 60%)",
      "typography.font_playfair":
        "Heading font may only contain letters, numbers, spaces and hyphens (at most 100 characters)",
      "typography.font_inter": "Body font is required",
      "animations.fade_duration": "Fade duration must be a positive number of seconds (e.g., 0.8)",
      "animations.slide_duration":
        "Slide duration must be a positive number of seconds (e.g., 0.8)",
    });
  });

  it("updates by id", () => {
    const id = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
    expect(themeUpdateSchema.parse({ ...defaults, id })).toEqual({ id, ...DEFAULT_THEME });
    expect(themeUpdateSchema.safeParse(defaults).success).toBe(false);
  });

  it("fills a stored theme's missing values from the defaults", () => {
    const values = themeFormValues({ name: "Old", colors: { primary: "10 10% 10%" } });
    expect(values.name).toBe("Old");
    expect(values["colors.primary"]).toBe("10 10% 10%");
    expect(values["colors.secondary"]).toBe(DEFAULT_THEME.colors.secondary);
    expect(values["animations.fade_duration"]).toBe("0.8s");
  });
});

describe("theme value parsers", () => {
  it.each([
    ["45 90% 60%", "45 90% 60%"],
    ["0 0% 6%", "0 0% 6%"],
    ["360 100% 100%", "360 100% 100%"],
    ["45.5 90.25% 60%", "45.5 90.25% 60%"],
    ["45 90 60", null],
    ["361 50% 50%", null],
    ["45 101% 50%", null],
    ["hsl(45, 90%, 60%)", null],
  ])("reads the colour %j as %j", (input, expected) => {
    expect(parseHslColor(input)).toBe(expected);
  });

  it.each([
    ["0.8", "0.8s"],
    ["0.8s", "0.8s"],
    ["2", "2s"],
    ["0", null],
    ["-1", null],
    ["800ms", null],
  ])("reads the duration %j as %j", (input, expected) => {
    expect(parseDurationSeconds(input)).toBe(expected);
  });
});

describe("theme texts", () => {
  it("carry the spec's words", () => {
    expect(themeActivated("Dusk")).toBe("Dusk theme activated");
    expect(THEME_TEXT).toMatchObject({
      created: "Theme created successfully",
      saveFailed: "Failed to save theme",
      deleteFailed: "Failed to delete theme",
      activateFailed: "Failed to activate theme",
    });
  });
});
