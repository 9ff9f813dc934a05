/**
 * The shop dialog's "Options" editor (issue 24): option names and their values (Size:
 * S, M, L; Colour: Black, Sand), and a table of every combination with its stock, an
 * optional price difference and an optional SKU. It posts one hidden field, `variants`
 * (JSON), which the server checks again and saves with the item in one transaction. A
 * combination that stays keeps its stored id and stock; the stock it opened with is
 * posted too, so a change applies as a difference (copies held meanwhile stay held).
 */
import { useEffect, useId, useRef, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import {
  OPTIONS_MAX,
  canHaveOptions,
  checkVariantsInput,
  combinationKey,
  optionCombinations,
  variantLabel,
  type ItemOption,
} from "~/domain/shop/catalogue/item-variant";

/** A stored variant as the dialog opens it. */
export interface AdminVariant {
  id: string;
  optionValues: string[];
  priceDifference: number;
  sku: string | null;
  inventoryCount: number | null;
}

interface OptionDraft {
  name: string;
  values: string;
}

interface RowDraft {
  id?: string;
  stock: string;
  price: string;
  sku: string;
  seen?: number | null;
}

const splitValues = (text: string) =>
  text
    .split(",")
    .map((v) => v.trim())
    .filter((v, i, all) => v !== "" || i < all.length - 1);

const toNumber = (text: string) => (text.trim() === "" ? null : Number(text));

function useCategory(ref: React.RefObject<HTMLElement | null>, initial: string): string {
  const [category, setCategory] = useState(initial);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const read = () => {
      const field = form.elements.namedItem("category");
      if (field && "value" in field) setCategory(String(field.value));
    };
    read();
    form.addEventListener("change", read);
    return () => form.removeEventListener("change", read);
  }, [ref]);
  return category;
}

export function OptionsEditor({
  category: initialCategory,
  options: initialOptions,
  variants,
}: {
  category: string;
  options: readonly ItemOption[];
  variants: readonly AdminVariant[];
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const category = useCategory(ref, initialCategory);
  const [options, setOptions] = useState<OptionDraft[]>(() =>
    initialOptions.map((o) => ({ name: o.name, values: o.values.join(", ") })),
  );
  const [rows, setRows] = useState<Record<string, RowDraft>>(() =>
    Object.fromEntries(
      variants.map((v) => [
        combinationKey(v.optionValues),
        {
          id: v.id,
          stock: v.inventoryCount === null ? "" : String(v.inventoryCount),
          price: v.priceDifference ? String(v.priceDifference) : "",
          sku: v.sku ?? "",
          seen: v.inventoryCount,
        },
      ]),
    ),
  );

  const parsed: ItemOption[] = options.map((o) => ({
    name: o.name,
    values: splitValues(o.values),
  }));
  const combinations = parsed.every((o) => o.values.length > 0)
    ? optionCombinations(parsed.map((o) => ({ ...o, values: o.values.map((v) => v.trim()) })))
    : [];
  const rowOf = (values: string[]): RowDraft =>
    rows[combinationKey(values)] ?? { stock: "0", price: "", sku: "" };
  const post = {
    options: parsed,
    variants: combinations.slice(0, 200).map((values) => {
      const row = rowOf(values);
      return {
        ...(row.id ? { id: row.id } : {}),
        optionValues: values,
        priceDifference: toNumber(row.price) ?? 0,
        sku: row.sku.trim() || null,
        inventoryCount: toNumber(row.stock),
        seen: row.seen,
      };
    }),
  };
  const check = checkVariantsInput(
    {
      options: post.options,
      variants: post.variants.map((v) => ({
        ...v,
        priceDifference: Number.isNaN(v.priceDifference) ? Infinity : v.priceDifference,
        inventoryCount:
          v.inventoryCount !== null && Number.isNaN(v.inventoryCount) ? -1 : v.inventoryCount,
      })),
    },
    category,
  );
  const total = post.variants.reduce(
    (sum, v) => sum + (v.inventoryCount !== null && v.inventoryCount > 0 ? v.inventoryCount : 0),
    0,
  );

  if (!canHaveOptions(category)) return <div ref={ref} hidden />;

  const setRow = (values: string[], change: Partial<RowDraft>) =>
    setRows((all) => ({ ...all, [combinationKey(values)]: { ...rowOf(values), ...change } }));
  const setOption = (index: number, change: Partial<OptionDraft>) =>
    setOptions((all) => all.map((o, i) => (i === index ? { ...o, ...change } : o)));

  return (
    <div ref={ref} className="mt-6 flex flex-col gap-4" data-testid="options-editor">
      <input type="hidden" name="variants" value={JSON.stringify(post)} />
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-semibold text-foreground">Options</legend>
        <p className="text-xs text-muted-foreground">
          Sizes, colours and the like: each combination gets its own stock. Separate values with
          commas. With options, the inventory count above is not used.
        </p>
        {options.map((option, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-name-${index}`}>Option name</Label>
              <Input
                id={`${id}-name-${index}`}
                value={option.name}
                placeholder="Size"
                autoComplete="off"
                onChange={(e) => setOption(index, { name: e.target.value })}
                data-testid="option-name"
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-values-${index}`}>Values</Label>
              <Input
                id={`${id}-values-${index}`}
                value={option.values}
                placeholder="S, M, L, XL"
                autoComplete="off"
                onChange={(e) => setOption(index, { values: e.target.value })}
                data-testid="option-values"
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove option ${option.name || index + 1}`}
              onClick={() => setOptions((all) => all.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        {options.length < OPTIONS_MAX && (
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => setOptions((all) => [...all, { name: "", values: "" }])}
            data-testid="add-option"
          >
            <Plus aria-hidden /> Add option
          </Button>
        )}
        {!check.ok && options.length > 0 && (
          <p role="alert" className="text-sm text-destructive" data-testid="options-error">
            {check.message}
          </p>
        )}
      </fieldset>
      {combinations.length > 0 && combinations.length <= 200 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="variants-table">
            <caption className="pb-2 text-left text-muted-foreground">
              Variants · total stock <span data-testid="variants-total">{total}</span>
            </caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Variant
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Stock
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Price difference (USD)
                </th>
                <th scope="col" className="py-1 font-medium">
                  SKU
                </th>
              </tr>
            </thead>
            <tbody>
              {combinations.map((values) => {
                const label = variantLabel(values);
                const row = rowOf(values);
                return (
                  <tr key={combinationKey(values)} data-testid="variant-row">
                    <th scope="row" className="py-1 pr-2 text-left font-normal text-foreground">
                      {label}
                    </th>
                    <td className="py-1 pr-2">
                      <Input
                        aria-label={`Stock of ${label}`}
                        inputMode="numeric"
                        className="w-24"
                        value={row.stock}
                        onChange={(e) => setRow(values, { stock: e.target.value })}
                        data-testid="variant-stock"
                      />
                    </td>
                    <td className="py-1 pr-2">
                      <Input
                        aria-label={`Price difference of ${label}`}
                        inputMode="decimal"
                        className="w-28"
                        placeholder="0.00"
                        value={row.price}
                        onChange={(e) => setRow(values, { price: e.target.value })}
                        data-testid="variant-price-difference"
                      />
                    </td>
                    <td className="py-1">
                      <Input
                        aria-label={`SKU of ${label}`}
                        className="w-32"
                        autoComplete="off"
                        value={row.sku}
                        onChange={(e) => setRow(values, { sku: e.target.value })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
