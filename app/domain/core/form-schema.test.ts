import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE } from "./control-characters";
import {
  emailAddress,
  formSchema,
  isEmailAddress,
  optionalLine,
  optionalText,
  requiredText,
} from "./form-schema";

describe("isEmailAddress", () => {
  it.each(["fan@example.org", "  first.last+jazz@mail.example.co.uk ", "a@b.io"])(
    "accepts %j",
    (address) => expect(isEmailAddress(address)).toBe(true),
  );

  it.each([
    "",
    "fan",
    "fan@",
    "@example.org",
    "a@b",
    "fan @example.org",
    "a@@b.org",
    "fan\u0000@example.org",
    "fan@example.org\u007f",
  ])("refuses %j", (address) => expect(isEmailAddress(address)).toBe(false));

  it("refuses an address longer than SMTP allows", () => {
    expect(isEmailAddress(`${"a".repeat(250)}@b.org`)).toBe(false);
  });
});

describe("formSchema", () => {
  const schema = formSchema<{ name: string; email: string; website?: string }>({
    name: requiredText("Name, please.", 5),
    email: emailAddress(
      { required: "Email, please.", invalid: "A real email, please." },
      { lowerCase: true },
    ),
    website: optionalText,
  });

  it("returns the cleaned values and drops fields it does not know", () => {
    expect(schema.safeParse({ name: " Ada ", email: " Ada@Example.ORG ", role: "admin" })).toEqual({
      success: true,
      data: { name: "Ada", email: "ada@example.org" },
    });
  });

  it("gives one issue per invalid field, in field order, with its message", () => {
    const result = schema.safeParse({ name: "Adalbert", email: "nope" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      { path: ["name"], message: "Please keep this under 5 characters." },
      { path: ["email"], message: "A real email, please." },
    ]);
  });

  it("treats missing, non-string and non-object input as empty", () => {
    for (const raw of [null, "text", 42, { name: 42, email: ["a@b.org"] }]) {
      expect(schema.safeParse(raw).error?.issues.map((i) => i.message)).toEqual([
        "Name, please.",
        "Email, please.",
      ]);
    }
  });

  it("parse throws with the messages", () => {
    expect(() => schema.parse({})).toThrow("Name, please.; Email, please.");
  });
});

describe("control characters in public form fields", () => {
  it("refuses them with a clear message, and keeps tab and line breaks in text", () => {
    const message = requiredText("A message, please.", 100);
    expect(message("Hi\u0000")).toEqual({ message: CONTROL_CHARACTERS_MESSAGE });
    expect(message("Hi\r\n\tthere")).toEqual({ value: "Hi\r\n\tthere" });
    const line = optionalLine(50);
    expect(line("Flat\u00002")).toEqual({ message: CONTROL_CHARACTERS_MESSAGE });
    expect(line("  ")).toEqual({ value: null });
    expect(line(" Flat 2 ")).toEqual({ value: "Flat 2" });
  });
});
