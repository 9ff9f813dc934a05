import { describe, expect, it } from "vitest";
import { hasControlCharacters, searchText } from "./control-characters";

describe("hasControlCharacters", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["bell", "a\u0007"],
    ["vertical tab", "a\u000bb"],
    ["escape", "\u001b[31mred"],
    ["DEL", "a\u007f"],
    ["a C1 control (NEL)", "a\u0085b"],
  ])("finds %s", (_name, text) => expect(hasControlCharacters(text)).toBe(true));

  it.each([
    ["plain text", "Blue Note, 8 PM"],
    ["tab and line breaks (a text area's CR LF)", "One\r\nTwo\n\tThree"],
    ["accents and emoji", "Café société 🎷"],
  ])("lets %s through", (_name, text) => expect(hasControlCharacters(text)).toBe(false));
});

describe("searchText", () => {
  it("drops control characters, turns tabs and line breaks into a space, trims and caps", () => {
    expect(searchText("\u0000fan\u0000", 100)).toBe("fan");
    expect(searchText("a\u0000b", 100)).toBe("a b");
    expect(searchText(" two\r\nwords\t", 100)).toBe("two words");
    expect(searchText("abcdef", 3)).toBe("abc");
    expect(searchText(null, 10)).toBe("");
  });
});
