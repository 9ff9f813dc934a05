/**
 * /admin/shipping (issue 24) as a declaration: the zones (name and countries, rates,
 * free above, the on/off switch) and the dialog: name, a searchable list of countries
 * shown by name, the two rates, free above and the switch. The rules are the domain's
 * (domain/shop/shipping/shipping-zone-form.ts); whether a code is a country and whether a country is
 * in another enabled zone are checked on the server.
 */
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import type { DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig } from "~/components/admin/kit/entity-form-fields";
import { Badge } from "~/components/ui/badge";
import { countryName } from "~/domain/shop/shipping/shipping-rates";
import {
  SHIPPING_ZONE_TEXT,
  type ShippingZoneInput,
  uncoveredCountriesText,
  zoneRateWords,
} from "~/domain/shop/shipping/shipping-zone-form";

/** A zone as the screen shows and edits it. */
export type ShippingZoneRow = ShippingZoneInput & { id: string };

/** The first few countries by name, then "and n more". */
export function countriesSummary(codes: readonly string[], shown = 4): string {
  const names = codes.map(countryName).sort((a, b) => a.localeCompare(b, "en"));
  if (names.length <= shown) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}

const columns: DataTableColumn<ShippingZoneRow>[] = [
  {
    id: "name",
    header: "Zone",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-foreground">
          {row.name}
          {!row.enabled && (
            <Badge variant="muted" className="ml-2">
              Off: not shipped
            </Badge>
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          {row.countries.length} {row.countries.length === 1 ? "country" : "countries"}:{" "}
          {countriesSummary(row.countries)}
        </p>
      </div>
    ),
  },
  {
    id: "rates",
    header: "Rates",
    hideOnMobile: true,
    cell: (row) => <span className="text-foreground">{zoneRateWords(row)}</span>,
  },
];

function fields(countries: readonly string[]): FieldConfig[] {
  const options = countries
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  return [
    {
      kind: "text",
      name: "name",
      label: "Zone name",
      required: true,
      maxLength: 100,
      autoComplete: "off",
      placeholder: "Europe",
    },
    {
      kind: "multiselect",
      name: "countries",
      label: "Countries",
      required: true,
      options,
      itemLabel: "country",
      placeholder: "Search countries",
      hint: "A country can be in one enabled zone only.",
    },
    {
      kind: "text",
      name: "firstItemRate",
      label: "First item (USD)",
      required: true,
      half: true,
      autoComplete: "off",
      hint: "For the first shipped item.",
    },
    {
      kind: "text",
      name: "additionalItemRate",
      label: "Each further item (USD)",
      required: true,
      half: true,
      autoComplete: "off",
      hint: "A quantity of 3 is one first item and two further ones.",
    },
    {
      kind: "text",
      name: "freeAbove",
      label: "Free above (USD)",
      autoComplete: "off",
      hint: "Optional: shipping is free when the goods, after any discount, reach this value.",
    },
    {
      kind: "switch",
      name: "enabled",
      label: "Ship to this zone",
      defaultValue: true,
      hint: "Off: buyers in these countries can't order physical items.",
    },
  ];
}

function editValues(row: ShippingZoneRow): object {
  return {
    ...row,
    firstItemRate: String(row.firstItemRate),
    additionalItemRate: String(row.additionalItemRate),
    freeAbove: row.freeAbove === null ? "" : String(row.freeAbove),
  };
}

export function shippingScreen(countries: readonly string[], uncovered: number) {
  return defineCollectionScreen<ShippingZoneRow>({
    title: "Shipping",
    description: (
      <>
        Where physical items go and what posting them costs. The cart asks buyers where to ship and
        adds the zone&rsquo;s rate.{" "}
        <span className="text-foreground" data-testid="uncovered-countries">
          {uncoveredCountriesText(uncovered)}
        </span>
      </>
    ),
    addLabel: "Add Shipping Zone",
    list: { title: "Zones", caption: "Shipping zones" },
    texts: SHIPPING_ZONE_TEXT,
    rowLabel: (row) => row.name,
    columns,
    rowActions: { flag: { flag: "enabled", label: (row) => `Ship to ${row.name}` } },
    form: {
      fields: fields(countries),
      submitLabels: ["Create Zone", "Save Changes"],
      editValues,
    },
  });
}
