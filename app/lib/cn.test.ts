import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { GROUPS, classGroup, cn, firstCharacters, mergeClasses } from "./cn";

/** Every class-like word written in the app's browser code: the classes cn() may meet. */
function classVocabulary(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.(server|test)\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, "utf8");
        for (const [, a, b, c] of source.matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)) {
          for (const word of (a ?? b ?? c ?? "").split(/\s+/)) {
            // "[[event:<id>]]" is a letter's card line, not a class (none starts with "[[").
            if (/^[!-]?[a-z[@*(][^\s${}]*$/.test(word) && !word.startsWith("[[")) words.add(word);
          }
        }
      }
    }
  };
  walk(join(import.meta.dirname, ".."));
  return [...words].sort();
}

const withoutVariants = (word: string) => word.slice(word.lastIndexOf(":") + 1);

describe("cn", () => {
  const vocabulary = classVocabulary();
  const utilities = [...new Set(vocabulary.map(withoutVariants))];

  it("finds the app's classes", () => {
    expect(utilities).toEqual(
      expect.arrayContaining(["px-4", "text-sm", "bg-card/50", "rounded-lg"]),
    );
    expect(utilities.length).toBeGreaterThan(500);
  });

  it("sorts the app's utilities into the groups tailwind-merge knows, and orders the groups as it does", () => {
    const problems: string[] = [];
    const byGroup = new Map<string, string[]>();
    for (const utility of utilities) {
      const tailwindMergeKnowsIt = twMerge(`${utility} ${utility}`) === utility;
      if (tailwindMergeKnowsIt !== (mergeClasses(`${utility} ${utility}`) === utility)) {
        problems.push(
          `${utility}: tailwind-merge ${tailwindMergeKnowsIt ? "knows" : "does not know"} it`,
        );
      }
      const important = /^!|!$/.test(utility) ? "!" : "";
      const group = classGroup(utility.replace(/^!|!$/g, "").replace(/^-/, ""));
      if (group)
        byGroup.set(important + group, [...(byGroup.get(important + group) ?? []), utility]);
    }
    // One group: each member replaces the others in tailwind-merge too.
    for (const [group, [first, ...others]] of byGroup) {
      for (const other of others) {
        if (twMerge(`${first} ${other}`) !== other || twMerge(`${other} ${first}`) !== first!) {
          problems.push(
            `${first} and ${other} are one group (${group}) in cn, not in tailwind-merge`,
          );
        }
      }
    }
    // Two groups: the later replaces the earlier exactly where tailwind-merge's does.
    const representatives = [...byGroup.values()].map(([first]) => first!);
    for (const first of representatives) {
      for (const second of representatives) {
        const pair = `${first} ${second}`;
        if (first !== second && mergeClasses(pair) !== twMerge(pair)) {
          problems.push(
            `"${pair}": cn → "${mergeClasses(pair)}", tailwind-merge → "${twMerge(pair)}"`,
          );
        }
      }
    }
    expect(problems.slice(0, 40)).toEqual([]);
  });

  it("merges the app's classes with their variants as tailwind-merge does", () => {
    const withVariants = vocabulary.filter((word) => word.includes(":"));
    const differences: string[] = [];
    for (const first of withVariants) {
      for (const second of withVariants) {
        const pair = `${first} ${second}`;
        if (mergeClasses(pair) !== twMerge(pair)) differences.push(pair);
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  });

  it("keeps the caller's class over the component's", () => {
    expect(cn("px-4 py-2 text-sm", "px-6")).toBe("py-2 text-sm px-6");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-muted-foreground", "text-lg")).toBe("text-muted-foreground text-lg");
    expect(cn("md:hover:bg-card", "hover:md:bg-muted", "bg-black")).toBe(
      "hover:md:bg-muted bg-black",
    );
    expect(cn("rounded-lg", false, undefined, ["mt-2", { "mt-4": true }])).toBe("rounded-lg mt-4");
  });

  it("tries a utility only on the patterns that can match its first character, never missing one", () => {
    const missed: string[] = [];
    for (const utility of utilities.map((u) => u.replace(/^!|!$/g, "").replace(/^-/, ""))) {
      for (const [pattern] of GROUPS) {
        const first = firstCharacters(pattern.source);
        if (pattern.test(utility) && first && !first.includes(utility[0]!)) {
          missed.push(`${utility} by ${pattern.source}`);
        }
      }
    }
    expect(missed).toEqual([]);
    // Some patterns must be narrowed, or nothing was gained.
    expect(GROUPS.filter(([pattern]) => firstCharacters(pattern.source)).length).toBeGreaterThan(
      GROUPS.length * 0.9,
    );
  });

  it("reads the first characters of a pattern, or says it cannot", () => {
    expect(firstCharacters("^(?:static|fixed|absolute)$")).toEqual(["s", "f", "a"]);
    expect(firstCharacters("^(p|m|scroll-m)([xy]?)-4$")).toEqual(["p", "m", "s"]);
    expect(firstCharacters("^\\[([\\w-]+):.+\\]$")).toEqual(["["]);
    expect(firstCharacters("^text-")).toEqual(["t"]);
    expect(firstCharacters("^(?:not-)?sr-only$")).toBeNull();
    expect(firstCharacters("^-?x")).toBeNull();
    expect(firstCharacters("^[a-c]x")).toBeNull();
    expect(firstCharacters("^(?:a|(?:b)?c)x")).toBeNull();
  });

  it("gives the same answer when a list comes again", () => {
    const list = "px-4 py-2 text-sm px-6 hover:bg-card hover:bg-muted";
    expect(mergeClasses(list)).toBe("py-2 text-sm px-6 hover:bg-muted");
    expect(mergeClasses(list)).toBe("py-2 text-sm px-6 hover:bg-muted");
  });
});
