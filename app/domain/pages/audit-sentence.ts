/**
 * An audit entry as a sentence the artist can read (issue 26 item 6): what was done to
 * which thing, by name, with the key change — "Refunded order #00BBDB08 · $14.00",
 * "Changed the price of 'Blue Hour' from 12.00 to 10.00". Built only from what the
 * entry stored (action, entity, entity id, details), so entries written before the
 * writers stored names still read as a sentence ("Hid a product").
 */
import { auditVerb } from "../admin/audit-log";
import { shortOrderId } from "../shop/downloads/downloads";
import { formatPrice } from "../core/money";
import { contentDefinition, isPageContentKey } from "../content/page-content/registry";

export interface AuditSentenceEntry {
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown>;
}

/** The thing a table's row is, singular and plural: "product", "products". */
const NOUNS: Record<string, [string, string]> = {
  featured_videos: ["featured video", "featured videos"],
  photo_gallery: ["photo", "photos"],
  musical_influences: ["influence", "influences"],
  collaborations: ["collaboration", "collaborations"],
  stats: ["statistic", "statistics"],
  media_items: ["media item", "media items"],
  loe_videos: ["LOE video", "LOE videos"],
  loe_images: ["LOE image", "LOE images"],
  loe_audio_tracks: ["LOE audio track", "LOE audio tracks"],
  events: ["event", "events"],
  shop_items: ["product", "products"],
  discount_codes: ["discount code", "discount codes"],
  shipping_zones: ["shipping zone", "shipping zones"],
  download_code_batches: ["batch of download codes", "batches of download codes"],
  theme_settings: ["theme", "themes"],
  newsletter_campaigns: ["letter", "letters"],
};

function nounOf(entity: string): [string, string] {
  if (NOUNS[entity]) return NOUNS[entity];
  const words = entity.replace(/[_-]+/g, " ").trim() || "item";
  return [words.replace(/s$/, ""), words];
}

/** "a product", "an event", "an LOE image". */
function withArticle(noun: string): string {
  return `${/^([aeiou]|LOE)/i.test(noun) ? "an" : "a"} ${noun}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/** Long names are cut so a sentence stays one line's worth. */
function clip(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

const quoted = (name: string) => `'${clip(name)}'`;

/** A stored row's name: its title, name, "artist, project", or a statistic's label. */
export function rowName(row: unknown): string | null {
  if (!isRecord(row)) return null;
  const title = text(row.title) ?? text(row.name);
  if (title) return title;
  const artist = text(row.artist);
  const project = text(row.project);
  if (artist && project) return `${artist}, ${project}`;
  if (artist) return artist;
  // A discount code is named by its code ("SUMMER20").
  const code = text(row.code);
  if (code) return code;
  const label = text(row.label);
  const value = text(row.numberValue);
  if (label) return value ? `${value} ${label}` : label;
  return null;
}

/** The words for a stored property: price → "price", inventoryCount → "stock". */
const FIELD_WORDS: Record<string, string> = {
  inventoryCount: "stock",
  itemIds: "items",
  maxUses: "number of uses",
  oncePerEmail: "once-per-address setting",
  startsAt: "start",
  endsAt: "end",
  isVisible: "visibility",
  isFeatured: "featured setting",
  isActive: "active setting",
  firstItemRate: "first-item rate",
  additionalItemRate: "further-item rate",
  freeAbove: "free-above value",
  imageUrl: "image",
  videoUrl: "video",
  audioUrl: "audio file",
  pdfFileUrl: "PDF",
  digitalTwinId: "digital twin",
  thumbnailUrl: "thumbnail",
  bandcampUrl: "Bandcamp link",
  externalUrl: "external link",
  ticketUrl: "ticket link",
  orderIndex: "position",
  numberValue: "number",
  iconName: "icon",
  paragraphSpacing: "paragraph spacing",
  eventDate: "date",
  eventTime: "time",
};

export function fieldWords(field: string): string {
  if (FIELD_WORDS[field]) return FIELD_WORDS[field];
  const words = field
    .replace(/Url$/, " link")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
  return words || field;
}

/** Bookkeeping columns a change never "is" about. */
const IGNORED_FIELDS = new Set(["id", "createdAt", "updatedAt", "purchaseCount"]);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // An empty text and no text are the same to the artist.
  if ((a === null || a === undefined || a === "") && (b === null || b === undefined || b === ""))
    return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields that differ between two stored states, in the order they were stored. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !IGNORED_FIELDS.has(key) && !sameValue(before[key], after[key]));
}

/** A value short enough to quote in a sentence, or null (a long text, a list …). */
function shownValue(field: string, value: unknown): string | null {
  if (field === "price" || field === "totalAmount") {
    if (value === null || value === undefined || value === "") return "free";
    const n = Number(value);
    return Number.isFinite(n) ? n.toFixed(2) : null;
  }
  if (field === "inventoryCount" && (value === null || value === undefined)) return "not tracked";
  if (value === null || value === undefined || value === "") return "empty";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value.length <= 40 ? `'${value}'` : null;
  return null;
}

/** "price", "price and stock", "price, stock and tags", "price, stock, tags and 2 more". */
function listWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  if (words.length <= 3) return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return `${words.slice(0, 3).join(", ")} and ${words.length - 3} more`;
}

/** What an update changed: "the price of 'Blue Hour' from 12.00 to 10.00", "Renamed …". */
function updateSentence(
  before: unknown,
  after: unknown,
  noun: string,
  /** A name that does not come from the row (a page text's registry name). */
  fixed?: { name: string | null; words: Record<string, string> },
): string {
  const fields = changedFields(before, after);
  const words = (field: string) => fixed?.words[field] ?? fieldWords(field);
  const beforeName = fixed ? fixed.name : rowName(before);
  const afterName = fixed ? fixed.name : rowName(after);
  const thing = afterName ? quoted(afterName) : withArticle(noun);
  if (!isRecord(before) || !isRecord(after)) {
    return afterName ? `Changed the ${noun} ${quoted(afterName)}` : `Changed ${withArticle(noun)}`;
  }
  if (fields.length === 0) return `Saved ${thing} without changes`;
  const renamed = beforeName && afterName && beforeName !== afterName;
  if (fields.length === 1 && renamed && ["title", "name", "code"].includes(fields[0]!)) {
    return `Renamed the ${noun} ${quoted(beforeName)} to ${quoted(afterName)}`;
  }
  if (fields.length === 1) {
    const field = fields[0]!;
    const from = shownValue(field, before[field]);
    const to = shownValue(field, after[field]);
    const change = from !== null && to !== null ? ` from ${from} to ${to}` : "";
    return `Changed the ${words(field)} of ${thing}${change}`;
  }
  return `Changed the ${listWords(fields.map(words))} of ${thing}`;
}

/** A switch on a row: "Hid the product 'Blue Hour'", "Featured a photo". */
function flagSentence(details: Record<string, unknown>, noun: string): string {
  const name = text(details.name);
  const thing = name ? `the ${noun} ${quoted(name)}` : withArticle(noun);
  const on = details.to === true;
  switch (details.flag) {
    case "isVisible":
      return on ? `Made ${thing} visible` : `Hid ${thing}`;
    case "isActive":
      return on ? `Activated ${thing}` : `Deactivated ${thing}`;
    case "isFeatured":
      return on ? `Featured ${thing}` : `Stopped featuring ${thing}`;
    case "enabled":
      return on ? `Switched on ${thing}` : `Switched off ${thing}`;
    default: {
      const flag = typeof details.flag === "string" ? fieldWords(details.flag) : "a setting";
      return `Turned ${on ? "on" : "off"} ${flag} for ${thing}`;
    }
  }
}

const orderRef = (entityId: string | null) =>
  entityId ? `order #${shortOrderId(entityId)}` : "an order";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The name of a page text: its registry name ("Home hero title"), else its key. */
function contentName(key: string | null): string | null {
  if (!key) return null;
  return isPageContentKey(key) ? contentDefinition(key).name : key;
}

function orderSentence(verb: string, entry: AuditSentenceEntry): string | null {
  const d = entry.details;
  const order = orderRef(entry.entityId);
  switch (verb) {
    case "refund": {
      const total = typeof d.total === "number" ? ` · ${formatPrice(d.total)}` : "";
      const restocked = Array.isArray(d.restocked)
        ? d.restocked.reduce(
            (sum: number, line: unknown) =>
              sum + (isRecord(line) && typeof line.quantity === "number" ? line.quantity : 0),
            0,
          )
        : 0;
      const back = restocked > 0 ? ` · ${count(restocked, "item", "items")} back in stock` : "";
      return `Refunded ${order}${total}${back}`;
    }
    case "resend_links": {
      const to = text(d.to);
      return `Sent the download links of ${order} again${to ? ` to ${to}` : ""}`;
    }
    case "ship": {
      const how = [text(d.carrier), text(d.trackingNumber)].filter(Boolean).join(" ");
      return `Marked ${order} as shipped${how ? ` · ${how}` : ""}`;
    }
    default:
      return null;
  }
}

/** The sentence for one stored entry; every kind of entry the back office writes has one. */
export function auditSentence(entry: AuditSentenceEntry): string {
  const { action, entity, details } = entry;
  const verb = action.includes(".") ? action.slice(action.lastIndexOf(".") + 1) : action;
  const [noun, nouns] = nounOf(entity);

  if (entity === "orders") {
    const sentence = orderSentence(verb, entry);
    if (sentence) return sentence;
  }

  switch (action) {
    case "page_content.update": {
      return updateSentence(details.before, details.after, "page text", {
        name: contentName(entry.entityId),
        words: { description: "text" },
      });
    }
    case "page_content.restore": {
      const name = contentName(entry.entityId);
      return `Restored an earlier version of ${name ? quoted(name) : "a page text"}`;
    }
    case "theme_settings.activate": {
      const name = text(details.name);
      return `Made ${name ? `the theme ${quoted(name)}` : "a theme"} the active theme`;
    }
    case "shop.maintenance.set":
      return details.to === true
        ? "Put the shop into maintenance mode"
        : "Opened the shop again (maintenance mode off)";
    case "shop.maintenance_message.set": {
      const to = text(details.to);
      return to
        ? `Changed the maintenance message to ${quoted(to)}`
        : "Set the maintenance message back to the default";
    }
    case "shop_items.delete_test_items": {
      const n = Array.isArray(details.removed) ? details.removed.length : 0;
      return `Deleted ${count(n, "test product", "test products")}`;
    }
    case "contact_messages.handle":
    case "contact_messages.reopen":
    case "contact_messages.retry_delivery": {
      const subject = text(details.subject);
      const message = subject ? `the message ${quoted(subject)}` : "a message";
      if (verb === "handle") return `Marked ${message} as handled`;
      if (verb === "reopen") return `Marked ${message} as waiting for an answer`;
      return `Sent ${message} to the mailbox again`;
    }
    case "newsletter_subscribers.remove": {
      const email = text(details.email);
      return `Removed ${email ?? "a subscriber"} from the newsletter`;
    }
    case "newsletter_campaigns.send": {
      const subject = text(details.subject);
      const n = typeof details.recipients === "number" ? details.recipients : null;
      const letter = subject ? `the letter ${quoted(subject)}` : "a letter";
      const to = n === null ? "" : ` to ${count(n, "subscriber", "subscribers")}`;
      return details.scheduled === true
        ? `Started sending ${letter}${to} as scheduled`
        : `Sent ${letter}${to}`;
    }
    case "newsletter_campaigns.resend_unknown": {
      const n = typeof details.recipients === "number" ? details.recipients : 0;
      return `Sent a letter again to ${count(n, "recipient", "recipients")} in doubt`;
    }
    case "newsletter_campaigns.schedule_failed":
      return `A scheduled letter could not start: ${text(details.reason) ?? "see the log"}`;
    case "allowed_email.add": {
      const email = text(details.email) ?? "an address";
      const admin = details.isAdmin === true ? " (with Admin privileges)" : "";
      return `Allowed ${email} to sign in${admin}`;
    }
    case "allowed_email.remove":
      return `Removed ${text(details.email) ?? "an address"} from the sign-in list`;
    case "allowed_email.give_admin_privileges":
      return `Gave ${text(details.email) ?? "a team member"} Admin privileges`;
    case "allowed_email.take_admin_privileges":
      return `Took Admin privileges from ${text(details.email) ?? "a team member"}`;
    case "newsletter_campaigns.create":
    case "newsletter_campaigns.update":
    case "newsletter_campaigns.delete":
    case "newsletter_campaigns.duplicate":
    case "newsletter_campaigns.schedule":
    case "newsletter_campaigns.cancel_schedule":
    case "newsletter_campaigns.send_test": {
      const subject = text(details.subject);
      const letter = subject ? `the letter ${quoted(subject)}` : "a letter";
      switch (verb) {
        case "create":
          return `Wrote ${letter}`;
        case "update":
          return `Changed ${letter}`;
        case "delete":
          return `Deleted ${letter}`;
        case "duplicate":
          return `Made a copy of ${letter}`;
        case "schedule":
          return `Scheduled ${letter}`;
        case "cancel_schedule":
          return `Cancelled the schedule of ${letter}`;
        default:
          return `Sent a test of ${letter}${text(details.to) ? ` to ${text(details.to)}` : ""}`;
      }
    }
    case "owner.setup":
      return "Set up the owner's account";
    case "user.password_reset":
      return "Reset a password with a mailed link";
  }

  // The collection writes every ordered list shares (collection.server.ts).
  switch (verb) {
    case "create": {
      const name = rowName(details.after);
      return `Added ${name ? `the ${noun} ${quoted(name)}` : withArticle(noun)}`;
    }
    case "update":
      return updateSentence(details.before, details.after, noun);
    case "delete": {
      const name = rowName(details.before);
      return `Deleted ${name ? `the ${noun} ${quoted(name)}` : withArticle(noun)}`;
    }
    case "set_flag":
      return flagSentence(details, noun);
    case "reorder": {
      const n = Array.isArray(details.ids) ? details.ids.length : 0;
      return n > 0 ? `Put ${count(n, noun, nouns)} in a new order` : `Reordered the ${nouns}`;
    }
  }

  // Anything newer than this list: its verb and the thing, still a sentence.
  return `${auditVerb(action)}: ${withArticle(noun)}`;
}
