import { describe, expect, it } from "vitest";
import { z } from "../core/zod";
import { CONTROL_CHARACTERS_MESSAGE } from "../core/control-characters";
import { PRIVATE_FILE_ADDRESS_MESSAGE } from "../core/file-reference";
import { audioTrackCreateSchema } from "../content/loe/loe-audio-track";
import { pageContentEntrySchema } from "../content/page-content/entry-form";
import { fieldErrorsFrom } from "../core/form-errors";
import {
  ENTRY_ID_MESSAGE,
  MAX_INTEGER,
  entryId,
  fileAddressesIn,
  formBoolean,
  formChoice,
  integerInRange,
  nullableText,
  optionalCount,
  optionalLink,
  orderIndexField,
  requiredLink,
  requiredText,
  videoIdInput,
} from "./form-fields";

/** The first message for `field`, or undefined when the value passes. */
function messageFor(schema: z.ZodType, value: unknown): string | undefined {
  const result = z.object({ field: schema }).safeParse({ field: value });
  return result.success ? undefined : fieldErrorsFrom(result.error).field;
}
const valueOf = (schema: z.ZodType, value: unknown) =>
  z.object({ field: schema }).parse({ field: value }).field;

describe("formBoolean", () => {
  it.each([
    ["on", true],
    ["true", true],
    ["TRUE", true],
    ["1", true],
    [true, true],
    ["false", false],
    ["off", false],
    ["0", false],
    ["", false],
    [false, false],
    [["false", "true"], true],
    [["false"], false],
  ])("reads %j as %s", (input, expected) => {
    expect(valueOf(formBoolean(), input)).toBe(expected);
    expect(valueOf(formBoolean(true), input)).toBe(expected);
  });

  it("reads an absent value as the given default (false unless told)", () => {
    expect(valueOf(formBoolean(), undefined)).toBe(false);
    expect(valueOf(formBoolean(true), undefined)).toBe(true);
    expect(valueOf(formBoolean(true), null)).toBe(true);
  });

  it("refuses a value that is neither", () => {
    expect(messageFor(formBoolean(), "maybe")).toBe("Please choose yes or no");
  });
});

describe("text", () => {
  it("trims required text and refuses blank with the given message only", () => {
    const schema = requiredText("Name is required", {
      min: [2, "Too short"],
      max: [5, "Too long"],
    });
    expect(valueOf(schema, "  Ann  ")).toBe("Ann");
    expect(messageFor(schema, "   ")).toBe("Name is required");
    expect(messageFor(schema, undefined)).toBe("Name is required");
    expect(messageFor(schema, " A ")).toBe("Too short");
    expect(messageFor(schema, "Annabel")).toBe("Too long");
    expect(messageFor(schema, new Blob(["x"]))).toBe("Name is required");
  });

  it("refuses control characters in every kind of text field, and keeps tab and line breaks", () => {
    for (const schema of [
      requiredText("Name is required"),
      nullableText(),
      optionalLink("Bad link"),
      orderIndexField("Bad order"),
    ]) {
      expect(messageFor(schema, "Ann\u0000")).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(messageFor(schema, "\u001b[2J")).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    expect(valueOf(nullableText(), "Line one\r\n\tLine two")).toBe("Line one\r\n\tLine two");
  });

  it("turns blank optional text into null and trims the rest", () => {
    const schema = nullableText({ max: [3, "At most 3"] });
    expect(valueOf(schema, "  ")).toBeNull();
    expect(valueOf(schema, undefined)).toBeNull();
    expect(valueOf(schema, " abc ")).toBe("abc");
    expect(messageFor(schema, "abcd")).toBe("At most 3");
  });
});

describe("numbers", () => {
  const order = orderIndexField("Order must be a whole number of 0 or more");

  it("reads an order index; blank becomes 0", () => {
    expect(valueOf(order, "")).toBe(0);
    expect(valueOf(order, undefined)).toBe(0);
    expect(valueOf(order, " 7 ")).toBe(7);
  });

  it.each(["-1", "1.5", "abc", String(MAX_INTEGER + 1)])("refuses the order %s", (input) => {
    expect(messageFor(order, input)).toBe("Order must be a whole number of 0 or more");
  });

  it("can read text that is not a number as 0", () => {
    const lenient = orderIndexField("Bad order", { nonNumeric: "zero" });
    expect(valueOf(lenient, "abc")).toBe(0);
    expect(valueOf(lenient, "3")).toBe(3);
    expect(messageFor(lenient, "-2")).toBe("Bad order");
  });

  it("reads an optional count as null when blank, with its own message for negatives", () => {
    const count = optionalCount({ invalid: "Whole number please", negative: "Not below zero" });
    expect(valueOf(count, "")).toBeNull();
    expect(valueOf(count, "12")).toBe(12);
    expect(messageFor(count, "-3")).toBe("Not below zero");
    expect(messageFor(count, "2.5")).toBe("Whole number please");
    expect(messageFor(count, "many")).toBe("Whole number please");
  });

  it("keeps a ranged integer in range, with a default for blank", () => {
    const limit = integerInRange(5, 1, 100, "Between 1 and 100");
    expect(valueOf(limit, "")).toBe(5);
    expect(valueOf(limit, "100")).toBe(100);
    expect(messageFor(limit, "0")).toBe("Between 1 and 100");
    expect(messageFor(limit, "101")).toBe("Between 1 and 100");
    expect(messageFor(limit, "x")).toBe("Between 1 and 100");
  });
});

describe("choices", () => {
  const status = formChoice(["a", "b"], "Choose a or b", "a");

  it("takes a listed value, the fallback when blank, and refuses the rest", () => {
    expect(valueOf(status, " b ")).toBe("b");
    expect(valueOf(status, "")).toBe("a");
    expect(valueOf(status, undefined)).toBe("a");
    expect(messageFor(status, "c")).toBe("Choose a or b");
    expect(messageFor(formChoice(["a"], "Required"), "")).toBe("Required");
  });
});

describe("links", () => {
  it("takes http(s) addresses, and our uploads only when allowed", () => {
    const plain = optionalLink("Bad link");
    const withUploads = optionalLink("Bad link", { uploads: true });
    expect(valueOf(plain, " https://example.com/x ")).toBe("https://example.com/x");
    expect(valueOf(plain, "")).toBeNull();
    expect(messageFor(plain, "/uploads/a.jpg")).toBe("Bad link");
    expect(messageFor(plain, "javascript:alert(1)")).toBe("Bad link");
    expect(valueOf(withUploads, "/uploads/a.jpg")).toBe("/uploads/a.jpg");
    expect(messageFor(withUploads, "/uploads/../a.jpg")).toBe("Bad link");
  });

  it("refuses a file address into a private network; a plain link is only a link", () => {
    const file = optionalLink("Bad link", { uploads: true });
    const required = requiredLink({ required: "Required", invalid: "Bad" }, { uploads: true });
    for (const address of [
      "http://169.254.169.254/latest/meta-data/",
      "http://127.0.0.1:8080/a.png",
      "http://[::ffff:0:7f00:1]/a.png",
      "http://localhost/a.png",
      "http://printer.local/a.png",
    ]) {
      expect(messageFor(file, address), address).toBe(PRIVATE_FILE_ADDRESS_MESSAGE);
      expect(messageFor(required, address), address).toBe(PRIVATE_FILE_ADDRESS_MESSAGE);
    }
    expect(valueOf(file, "https://images.example.com/a.png")).toBe(
      "https://images.example.com/a.png",
    );
    expect(valueOf(optionalLink("Bad link"), "http://localhost/tickets")).toBe(
      "http://localhost/tickets",
    );
  });

  it("finds the file addresses of a form's output, behind transforms and by key", () => {
    const schema = z
      .object({
        imageUrl: optionalLink("Bad", { uploads: true }),
        ticketUrl: optionalLink("Bad"),
        thumbnailUrl: optionalLink("Bad", { uploads: true }),
      })
      .transform((v) => v);
    expect(
      fileAddressesIn(schema, {
        imageUrl: "https://a.example.com/x.png",
        ticketUrl: "https://tickets.example.com",
        thumbnailUrl: "/uploads/t.png",
      }),
    ).toEqual({ imageUrl: "https://a.example.com/x.png" });
    expect(
      fileAddressesIn(pageContentEntrySchema, {
        pageName: "home-hero-image",
        description: "https://a.example.com/hero.jpg",
      }),
    ).toEqual({ description: "https://a.example.com/hero.jpg" });
    expect(
      fileAddressesIn(pageContentEntrySchema, {
        pageName: "home-hero-title",
        description: "https://a.example.com/hero.jpg",
      }),
    ).toEqual({});
    expect(
      fileAddressesIn(audioTrackCreateSchema, {
        sourceType: "url",
        audioUrl: "https://a.example.com/a.mp3",
        artworkUrl: null,
      }),
    ).toEqual({ audioUrl: "https://a.example.com/a.mp3" });
  });

  it("says required before invalid", () => {
    const link = requiredLink({ required: "Link is required", invalid: "Bad link" });
    expect(messageFor(link, " ")).toBe("Link is required");
    expect(messageFor(link, "nope")).toBe("Bad link");
    expect(valueOf(link, "http://example.com")).toBe("http://example.com");
  });
});

describe("videoIdInput", () => {
  const input = videoIdInput("Bad video");

  it.each([
    "dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
  ])("extracts the id from %s", (value) => {
    expect(valueOf(input, value)).toBe("dQw4w9WgXcQ");
  });

  it("is null when blank and refuses what has no id", () => {
    expect(valueOf(input, "")).toBeNull();
    expect(messageFor(input, "https://vimeo.com/123")).toBe("Bad video");
  });
});

describe("entryId", () => {
  it("takes a uuid and refuses anything else with one message", () => {
    expect(entryId.parse("3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f")).toBe(
      "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f",
    );
    expect(messageFor(entryId, "42")).toBe(ENTRY_ID_MESSAGE);
    expect(messageFor(entryId, undefined)).toBe(ENTRY_ID_MESSAGE);
  });
});
