import { clsx, type ClassValue } from "clsx";

/**
 * Merges class names; the caller's classes come last and win ("px-4 px-6" → "px-6").
 *
 * It does what tailwind-merge did here, for the utilities this site uses, in about a
 * tenth of its size: tailwind-merge was 7.5 KB of the JavaScript every public page
 * loads before it is interactive (issue 28). cn.test.ts compares the two on every pair
 * of classes written in the app, so a class this table does not know fails a test
 * instead of quietly keeping a class that should have lost.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

const SIZE = "(?:xs|sm|base|lg|md|xl|\\d?xl)";
const FRACTION = "\\d+\\/\\d+";
/** The values of spacing, sizes and positions: 4, 0.5, 1/2, px, auto, full, [..], (--x). */
const AMOUNT = `(?:\\d+(?:\\.\\d+)?|${FRACTION}|px|auto|full|screen|svh|dvh|lvh|min|max|fit|\\d?x[sl]|sm|md|lg|prose|none|\\[.+\\]|\\(.+\\))`;
const ARBITRARY_LENGTH = "\\[(?:length:)?-?[\\d.]+(?:px|r?em|%|vh|vw|svh|dvh|ch)?\\]";

/**
 * Which group a utility belongs to: the first pattern that matches the whole class
 * (without variants, "!" and a leading "-"). Two classes of one group set one property;
 * the later wins.
 */
export const GROUPS: [RegExp, string][] = [
  [
    /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|flow-root|list-item|table|table-(?:caption|cell|column|column-group|footer-group|header-group|row-group|row))$/,
    "display",
  ],
  [/^(?:static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(?:visible|invisible|collapse)$/, "visibility"],
  [/^(?:not-)?sr-only$/, "sr"],
  [/^(?:uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(?:italic|not-italic)$/, "font-style"],
  [/^(?:underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^(?:truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^(?:isolate|isolation-auto)$/, "isolation"],
  [/^tabular-nums$/, "fvn-spacing"],
  [/^(?:subpixel-)?antialiased$/, "font-smoothing"],
  [/^caption-(?:top|bottom)$/, "caption"],
  [/^filter(?:-none)?$/, "filter"],
  [/^(backdrop-blur|blur)(?:-(?:none|xs|sm|md|lg|xl|2xl|3xl|\[.+\]))?$/, "$1"],
  [/^resize(?:-(?:x|y|none))?$/, "resize"],
  [/^scroll-(?:auto|smooth)$/, "scroll-behavior"],
  [/^select-(?:none|text|all|auto)$/, "select"],
  [/^snap-(?:none|x|y|both)$/, "snap-type"],
  [/^snap-(?:mandatory|proximity)$/, "snap-strictness"],
  [/^snap-(?:start|end|center|align-none)$/, "snap-align"],
  [/^(grow|shrink)(?:-\d+|-\[.+\])?$/, "$1"],
  [/^container$/, "container"],
  [new RegExp(`^text-(?:${SIZE}|${ARBITRARY_LENGTH})$`), "font-size"],
  [/^text-(?:left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(?:wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-/, "text-color"],
  [
    /^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/,
    "font-weight",
  ],
  [/^font-/, "font-family"],
  [/^border(?:-\d+|-\[\d[^\]]*\])?$/, "border-w"],
  [/^border-([xyserbtl])(?:-\d+)?$/, "border-w-$1"],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-(?:collapse|separate)$/, "border-collapse"],
  [/^border-spacing-/, "border-spacing"],
  [/^border-([xyserbtl])-/, "border-color-$1"],
  [/^border-/, "border-color"],
  // bg-gradient-to-* is left to the colour rule below, as tailwind-merge 3 did.
  [
    /^bg-(?:linear-|radial|conic|none$|\[(?:url|linear-gradient|radial-gradient|conic-gradient|image:))/,
    "bg-image",
  ],
  [/^bg-(?:auto|cover|contain)$/, "bg-size"],
  [/^bg-(?:repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/, "bg-repeat"],
  [
    /^bg-(?:center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom)$/,
    "bg-position",
  ],
  [/^bg-(?:fixed|local|scroll)$/, "bg-attachment"],
  [/^bg-clip-/, "bg-clip"],
  [/^bg-/, "bg-color"],
  [/^(from|via|to)-/, "gradient-$1"],
  [/^shadow(?:-(?:2xs|xs|sm|md|lg|xl|2xl|inner|none)|-\[[^\]]*_[^\]]*\])?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^ring(?:-\d+)?$/, "ring-w"],
  [/^ring-inset$/, "ring-inset"],
  [/^ring-offset-\d+$/, "ring-offset-w"],
  [/^ring-offset-/, "ring-offset-color"],
  [/^ring-/, "ring-color"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline(?:-\d+)?$/, "outline-w"],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline-/, "outline-color"],
  [/^rounded(?:-(?:none|xs|sm|md|lg|xl|2xl|3xl|4xl|full|\[[^\]]+\]))?$/, "rounded"],
  [/^rounded-(ss|se|ee|es|tl|tr|br|bl|s|e|t|r|b|l)(?:-|$)/, "rounded-$1"],
  [/^decoration-(?:solid|double|dotted|dashed|wavy)$/, "decoration-style"],
  [/^decoration-(?:\d+|auto|from-font)$/, "decoration-thickness"],
  [/^decoration-/, "decoration-color"],
  [/^underline-offset-/, "underline-offset"],
  [/^whitespace-/, "whitespace"],
  [/^break-(?:normal|words|all|keep)$/, "word-break"],
  [/^break-(inside|before|after)-/, "break-$1"],
  [/^line-clamp-/, "line-clamp"],
  [/^(overflow)(-[xy])?-(?:auto|hidden|clip|visible|scroll)$/, "$1$2"],
  [/^(overscroll)(-[xy])?-(?:auto|contain|none)$/, "$1$2"],
  [/^object-(?:contain|cover|fill|none|scale-down)$/, "object-fit"],
  [
    /^object-(?:center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom|\[.+\])$/,
    "object-position",
  ],
  [/^flex-(?:row|row-reverse|col|col-reverse)$/, "flex-direction"],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [new RegExp(`^flex-(?:\\d+|auto|initial|none|${FRACTION}|\\[.+\\])$`), "flex"],
  [/^basis-/, "basis"],
  [/^order-(?:\d+|first|last|none|\[.+\])$/, "order"],
  [/^content-(?:none|\[.+\])$/, "content"],
  [
    /^(justify|items|self|content|place)-(?:(items|self|content)-)?(?:start|end|center|between|around|evenly|stretch|baseline|normal|auto|left|right|end-safe|center-safe)$/,
    "$1-$2",
  ],
  [new RegExp(`^gap-([xy])-${AMOUNT}$`), "gap-$1"],
  [new RegExp(`^gap-${AMOUNT}$`), "gap"],
  [/^space-([xy])-reverse$/, "space-$1-reverse"],
  [/^space-([xy])-/, "space-$1"],
  [/^divide-([xy])(?:-\d+)?$/, "divide-$1"],
  [/^divide-([xy])-reverse$/, "divide-$1-reverse"],
  [/^divide-(?:solid|dashed|dotted|double|none)$/, "divide-style"],
  [/^divide-/, "divide-color"],
  [new RegExp(`^(p|m|scroll-m|scroll-p)([xyserbtl]?)-${AMOUNT}$`), "$1$2"],
  [new RegExp(`^(size|w|h|min-w|min-h|max-w|max-h)-${AMOUNT}$`), "$1"],
  [new RegExp(`^(inset)-([xy])-${AMOUNT}$`), "$1-$2"],
  [new RegExp(`^(inset|top|right|bottom|left|start|end)-${AMOUNT}$`), "$1"],
  [new RegExp(`^(translate|scale|skew)-([xyz])-${AMOUNT}$`), "$1-$2"],
  [new RegExp(`^(translate|scale|rotate|skew)-${AMOUNT}$`), "$1"],
  [
    /^(grid-cols|grid-rows|grid-flow|auto-cols|auto-rows|col-span|col-start|col-end|row-span|row-start|row-end|columns)-/,
    "$1",
  ],
  [/^col-auto$/, "col-span"],
  [/^transition(?:-|$)/, "transition"],
  [/^animate-(?:spin|ping|pulse|bounce|none|\[.+\])$/, "animate"],
  [/^\[([\w-]+):.+\]$/, "[$1]"],
  [
    /^(duration|ease|delay|cursor|pointer-events|appearance|aspect|accent|caret|fill|z|opacity|leading|tracking|align|list|will-change|mix-blend|touch)-/,
    "$1",
  ],
  [/^(grayscale|sepia|invert)(?:-(?:\d+|\[.+\]))?$/, "$1"],
  [/^(brightness|contrast|saturate|hue-rotate)-(?:\d+|\[.+\])$/, "$1"],
  [/^stroke-(?:\d+|\[\d)/, "stroke-w"],
  [/^stroke-/, "stroke"],
];

/** A group that also sets what these groups set: the later class wins over all of them. */
const OVERRIDES: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: "s e t r b l ss se ee es tl tr br bl".split(" ").map((side) => `rounded-${side}`),
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  translate: ["translate-x", "translate-y"],
  scale: ["scale-x", "scale-y", "scale-z"],
  skew: ["skew-x", "skew-y"],
};
for (const spacing of ["p", "m", "scroll-m", "scroll-p"]) {
  OVERRIDES[spacing] = "x y s e t r b l".split(" ").map((side) => spacing + side);
  OVERRIDES[`${spacing}x`] = [`${spacing}r`, `${spacing}l`];
  OVERRIDES[`${spacing}y`] = [`${spacing}t`, `${spacing}b`];
}
for (const border of ["border-w", "border-color"]) {
  OVERRIDES[border] = "x y s e t r b l".split(" ").map((side) => `${border}-${side}`);
  OVERRIDES[`${border}-x`] = [`${border}-r`, `${border}-l`];
  OVERRIDES[`${border}-y`] = [`${border}-t`, `${border}-b`];
}

const knownGroups = new Map<string, string | undefined>();

/** The group of a utility (without variants, "!" or a leading "-"), if it has one. */
export function classGroup(utility: string): string | undefined {
  if (knownGroups.has(utility)) return knownGroups.get(utility);
  if (knownGroups.size > 2000) knownGroups.clear();
  const group = findGroup(utility);
  knownGroups.set(utility, group);
  return group;
}

function findGroup(utility: string): string | undefined {
  for (const [pattern, group] of groupsStartingWith(utility[0] ?? "")) {
    const match = pattern.exec(utility);
    if (match) return group.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? "");
  }
  return undefined;
}

/**
 * The characters a pattern's match can start with, read from its source; null when it
 * could start with more than a few letters (a class, an optional part, an escape).
 * Hydrating the home page meets about 260 new utilities, and each was tried against
 * every pattern in turn (about 110); now only against those that can match its first
 * letter.
 */
export function firstCharacters(source: string): string[] | null {
  const body = source.startsWith("^") ? source.slice(1) : source;
  const char = body[0];
  if (char === undefined || char === "[" || char === "." || char === "\\") {
    return char === "\\" && /^\\[[\]().-]/.test(body) ? [body[1]!] : null;
  }
  if (char !== "(") return /[?*{]/.test(body[1] ?? "") ? null : [char];
  let depth = 0;
  let end = -1;
  for (let i = 0; i < body.length && end < 0; i++) {
    if (body[i] === "\\") i++;
    else if (body[i] === "(") depth++;
    else if (body[i] === ")" && --depth === 0) end = i;
  }
  if (end < 0 || /[?*{]/.test(body[end + 1] ?? "")) return null;
  const inner = body.slice(body.startsWith("(?:") ? 3 : 1, end);
  const alternatives: string[] = [];
  let start = 0;
  depth = 0;
  for (let i = 0; i <= inner.length; i++) {
    if (inner[i] === "\\") i++;
    else if (inner[i] === "(") depth++;
    else if (inner[i] === ")") depth--;
    else if ((inner[i] === "|" && depth === 0) || i === inner.length) {
      alternatives.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  const chars = new Set<string>();
  for (const alternative of alternatives) {
    const first = alternative ? firstCharacters(alternative) : null;
    if (!first) return null;
    for (const c of first) chars.add(c);
  }
  return [...chars];
}

const GROUP_FIRST_CHARACTERS = GROUPS.map(([pattern]) => firstCharacters(pattern.source));
const groupsByFirstCharacter = new Map<string, [RegExp, string][]>();

/** The patterns, in their order, whose match can start with this character. */
function groupsStartingWith(char: string): [RegExp, string][] {
  let groups = groupsByFirstCharacter.get(char);
  if (!groups) {
    groups = GROUPS.filter((_, i) => GROUP_FIRST_CHARACTERS[i]?.includes(char) ?? true);
    groupsByFirstCharacter.set(char, groups);
  }
  return groups;
}

const mergedLists = new Map<string, string>();

/**
 * Keeps, of the classes that set the same property under the same variants, the last.
 * A page renders the same few lists again and again (every card, every icon): each is
 * worked out once.
 */
export function mergeClasses(classList: string): string {
  let merged = mergedLists.get(classList);
  if (merged === undefined) {
    if (mergedLists.size > 1000) mergedLists.clear();
    merged = mergeClassesNow(classList);
    mergedLists.set(classList, merged);
  }
  return merged;
}

function mergeClassesNow(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (!className) continue;
    const parts = splitVariants(className);
    let utility = parts.pop()!;
    let important = "";
    if (utility.startsWith("!") || utility.endsWith("!")) {
      important = "!";
      utility = utility.startsWith("!") ? utility.slice(1) : utility.slice(0, -1);
    }
    const group = classGroup(utility.startsWith("-") ? utility.slice(1) : utility);
    if (group === undefined) {
      kept.push(className);
      continue;
    }
    const scope = `${parts.sort().join(":")}:${important}`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const overridden of OVERRIDES[group] ?? []) taken.add(scope + overridden);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}

/** "md:hover:bg-card" → ["md", "hover", "bg-card"]; colons inside [...] stay. */
function splitVariants(className: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(className.slice(start));
  return parts;
}
