/**
 * The event dialog's fields (admin spec §3 events, §5 "Event"). A new event starts
 * upcoming (§4), so the status is chosen only when editing.
 */
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { EVENT_STATUS_LABELS } from "~/domain/event";
import { EVENT_STATUSES } from "~/domain/events";

const COMMON_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, autoComplete: "off" },
  {
    kind: "textarea",
    name: "description",
    label: "Description",
    rows: 3,
    hint: "Optional, under 500 characters.",
  },
  { kind: "date", name: "date", label: "Date", required: true, half: true },
  {
    kind: "time",
    name: "time",
    label: "Time",
    half: true,
    hint: "Optional, e.g. 8:00 PM or 20:00. Left blank, the site shows TBD.",
  },
  { kind: "text", name: "venue", label: "Venue", required: true, half: true, autoComplete: "off" },
  { kind: "text", name: "city", label: "City", required: true, half: true, autoComplete: "off" },
  {
    kind: "url",
    name: "ticketUrl",
    label: "Ticket URL",
    placeholder: "https://",
    hint: "Optional: where visitors buy tickets.",
  },
  {
    kind: "upload",
    name: "imageUrl",
    label: "Image",
    uploadKind: "image",
    allowUrl: true,
    hint: "A JPEG, PNG, WebP or GIF up to 10 MB, or an image address. Needed for a featured event.",
  },
];

const FEATURED: FieldConfig = {
  kind: "switch",
  name: "isFeatured",
  label: "Featured",
  half: true,
  defaultValue: false,
};

export const EVENT_CREATE_FIELDS: readonly FieldConfig[] = [...COMMON_FIELDS, FEATURED];

export const EVENT_EDIT_FIELDS: readonly FieldConfig[] = [
  ...COMMON_FIELDS,
  {
    kind: "select",
    name: "status",
    label: "Status",
    half: true,
    defaultValue: "upcoming",
    options: EVENT_STATUSES.map((status) => ({
      value: status,
      label: EVENT_STATUS_LABELS[status],
    })),
  },
  FEATURED,
];
