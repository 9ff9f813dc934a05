/**
 * /admin/discounts (issue 23) as a declaration: the table (code, what it takes off,
 * where and when it applies, uses and revenue) and the dialog's fields: code, percent or
 * fixed amount, whole order or chosen items (one switch per shop item), minimum order,
 * start and end days, total uses, once per e-mail address. The rules are the domain's
 * (domain/shop/discounts/discount-code-form.ts), checked in the dialog and again on the server.
 */
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import type { DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig, FormSnapshot } from "~/components/admin/kit/entity-form-fields";
import { Badge } from "~/components/ui/badge";
import {
  DISCOUNT_CODE_TEXT,
  ITEM_FIELD_PREFIX,
  discountWords,
} from "~/domain/shop/discounts/discount-code-form";
import { formatPrice } from "~/domain/core/money";

/** A code as the screen shows and edits it (days in the site's time zone). */
export interface DiscountCodeRow {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  amount: number;
  itemIds: string[];
  minimumOrder: number | null;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  usesTaken: number;
  oncePerEmail: boolean;
  /** Paid orders with the code, and what they paid. */
  uses: number;
  revenue: number;
}

export interface DiscountItemChoice {
  id: string;
  title: string;
}

function appliesTo(row: DiscountCodeRow, items: readonly DiscountItemChoice[]): string {
  if (row.itemIds.length === 0) return "Whole order";
  const titles = row.itemIds.map((id) => items.find((i) => i.id === id)?.title ?? "A removed item");
  return titles.join(", ");
}

function whenText(row: DiscountCodeRow): string {
  if (row.startsOn && row.endsOn) return `${row.startsOn} to ${row.endsOn}`;
  if (row.startsOn) return `From ${row.startsOn}`;
  if (row.endsOn) return `Until ${row.endsOn}`;
  return "Any time";
}

function columns(items: readonly DiscountItemChoice[]): DataTableColumn<DiscountCodeRow>[] {
  return [
    {
      id: "code",
      header: "Code",
      cell: (row) => (
        <div className="min-w-0">
          <p className="break-all font-mono font-medium text-foreground">{row.code}</p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {discountWords(row.kind, row.amount)}
            {row.minimumOrder !== null && ` on orders of ${formatPrice(row.minimumOrder)} or more`}
            {row.oncePerEmail && " · once per e-mail address"}
          </p>
        </div>
      ),
    },
    {
      id: "applies",
      header: "Applies to",
      hideOnMobile: true,
      cell: (row) => (
        <>
          <span className="block text-foreground">{appliesTo(row, items)}</span>
          <span className="block text-xs text-muted-foreground">{whenText(row)}</span>
        </>
      ),
    },
    {
      id: "uses",
      header: "Uses",
      className: "whitespace-nowrap",
      cell: (row) => (
        <span className="text-foreground">
          {row.uses}
          {row.maxUses !== null && <span className="text-muted-foreground"> of {row.maxUses}</span>}
          {row.usesTaken > row.uses && (
            <Badge variant="muted" className="ml-2">
              {row.usesTaken - row.uses} in checkout
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: "revenue",
      header: "Revenue",
      className: "whitespace-nowrap",
      cell: (row) => <span className="text-foreground">{formatPrice(row.revenue)}</span>,
    },
  ];
}

const isChosenItems = (values: FormSnapshot) => values.scope === "items";

function fields(items: readonly DiscountItemChoice[]): FieldConfig[] {
  return [
    {
      kind: "text",
      name: "code",
      label: "Code",
      required: true,
      maxLength: 64,
      autoComplete: "off",
      placeholder: "SUMMER20",
      hint: "Letters and digits; fans may type it in any case.",
    },
    {
      kind: "choice",
      name: "kind",
      label: "Discount",
      options: [
        { value: "percent", label: "Percent" },
        { value: "fixed", label: "Fixed amount" },
      ],
      defaultValue: "percent",
      half: true,
    },
    {
      kind: "text",
      name: "amount",
      label: "Amount",
      required: true,
      half: true,
      autoComplete: "off",
      note: (values) =>
        values.kind === "fixed" ? "Dollars off, e.g. 5 or 5.00." : "Percent off, 1 to 100.",
    },
    {
      kind: "choice",
      name: "scope",
      label: "Applies to",
      options: [
        { value: "order", label: "Whole order" },
        { value: "items", label: "Chosen items" },
      ],
      defaultValue: "order",
    },
    ...items.map((item): FieldConfig => ({
      kind: "switch",
      name: `${ITEM_FIELD_PREFIX}${item.id}`,
      label: item.title,
      group: "Items",
      half: true,
      defaultValue: false,
      showWhen: isChosenItems,
    })),
    {
      kind: "text",
      name: "minimumOrder",
      label: "Minimum order (USD)",
      half: true,
      autoComplete: "off",
      hint: "Optional: the cart's total before the discount must reach it.",
    },
    {
      kind: "text",
      name: "maxUses",
      label: "Total number of uses",
      half: true,
      autoComplete: "off",
      hint: "Optional: blank is unlimited.",
    },
    { kind: "date", name: "startsOn", label: "Starts on", half: true, hint: "Optional." },
    {
      kind: "date",
      name: "endsOn",
      label: "Ends on",
      half: true,
      hint: "Optional: the code works through this day.",
    },
    {
      kind: "switch",
      name: "oncePerEmail",
      label: "Once per e-mail address",
      defaultValue: false,
      hint: "Each buyer's address may use the code once.",
    },
  ];
}

/** The dialog's values for a stored code: its items as switches, its scope. */
function editValues(row: DiscountCodeRow): object {
  return {
    ...row,
    amount: String(row.amount),
    minimumOrder: row.minimumOrder === null ? "" : String(row.minimumOrder),
    maxUses: row.maxUses === null ? "" : String(row.maxUses),
    scope: row.itemIds.length > 0 ? "items" : "order",
    ...Object.fromEntries(row.itemIds.map((id) => [`${ITEM_FIELD_PREFIX}${id}`, true])),
  };
}

export function discountsScreen(items: readonly DiscountItemChoice[]) {
  return defineCollectionScreen<DiscountCodeRow>({
    title: "Discount Codes",
    description:
      "Codes fans type in the cart. Uses and revenue count paid orders; revenue is what they paid after the discount.",
    addLabel: "Add Discount Code",
    list: { title: "Codes", caption: "Discount codes" },
    texts: DISCOUNT_CODE_TEXT,
    rowLabel: (row) => row.code,
    columns: columns(items),
    form: {
      fields: fields(items),
      submitLabels: ["Create Code", "Save Changes"],
      editValues,
    },
  });
}
