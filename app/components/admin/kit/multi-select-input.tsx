/**
 * Several of many options (a shipping zone's countries): a search box filters a list of
 * checkboxes, and the chosen options show above it as chips with a remove button. Each
 * chosen value is posted as a hidden input of the field's name, as the tags field does.
 */
import { useMemo, useState } from "react";
import { Search, X } from "lucide-react";
import { Input } from "~/components/ui/input";

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectInputProps {
  /** The search box's id (the field's label points at it). */
  id: string;
  name: string;
  options: readonly MultiSelectOption[];
  defaultValue?: readonly string[];
  /** What one option is, for the remove buttons' names ("Remove country Germany"). */
  itemLabel?: string;
  placeholder?: string;
  onChange?: (values: string[]) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export function MultiSelectInput({
  id,
  name,
  options,
  defaultValue = [],
  itemLabel = "option",
  placeholder = "Search",
  onChange,
  ...aria
}: MultiSelectInputProps) {
  const [chosen, setChosen] = useState<string[]>(() => [...defaultValue]);
  const [query, setQuery] = useState("");
  const labelOf = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const shown = useMemo(() => {
    const q = fold(query.trim());
    return q === ""
      ? options
      : options.filter((o) => fold(o.label).includes(q) || o.value.toLowerCase() === q);
  }, [options, query]);
  const chosenSet = new Set(chosen);
  const listId = `${id}-options`;
  const countId = `${id}-count`;

  const update = (next: string[]) => {
    setChosen(next);
    onChange?.(next);
  };
  const toggle = (value: string, on: boolean) =>
    update(on ? [...chosen, value] : chosen.filter((v) => v !== value));

  const describedBy = [aria["aria-describedby"], countId].filter(Boolean).join(" ");

  return (
    <div data-slot="multi-select" className="space-y-3">
      {chosen.length > 0 && (
        <ul
          className="flex max-h-32 flex-wrap gap-2 overflow-y-auto"
          aria-label={`Chosen ${itemLabel}s`}
        >
          {[...chosen]
            .sort((a, b) => (labelOf.get(a) ?? a).localeCompare(labelOf.get(b) ?? b, "en"))
            .map((value) => (
              <li
                key={value}
                className="inline-flex items-center gap-1 rounded-full bg-primary/15 py-0.5 pr-1 pl-3 text-xs font-semibold text-primary ring-1 ring-primary/40"
              >
                {labelOf.get(value) ?? value}
                <button
                  type="button"
                  aria-label={`Remove ${itemLabel} ${labelOf.get(value) ?? value}`}
                  onClick={() => toggle(value, false)}
                  className="inline-flex size-6 items-center justify-center rounded-full transition-colors hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
                <input type="hidden" name={name} value={value} />
              </li>
            ))}
        </ul>
      )}
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={query}
          placeholder={placeholder}
          autoComplete="off"
          className="pl-10"
          aria-controls={listId}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={describedBy}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter picks the only match instead of submitting the whole form.
            if (event.key === "Enter") {
              event.preventDefault();
              if (shown.length === 1) toggle(shown[0]!.value, !chosenSet.has(shown[0]!.value));
            }
          }}
        />
      </div>
      <p id={countId} className="text-xs text-muted-foreground" aria-live="polite">
        {chosen.length} chosen · {shown.length} shown
      </p>
      <ul
        id={listId}
        aria-label={`${itemLabel[0]!.toUpperCase()}${itemLabel.slice(1)}s`}
        className="max-h-56 overflow-y-auto rounded-xl border border-border/70 p-1"
      >
        {shown.map((option) => (
          <li key={option.value}>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-foreground hover:bg-muted/40">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={chosenSet.has(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
