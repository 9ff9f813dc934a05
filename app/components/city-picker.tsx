/**
 * A city from the site's offline list (issue 22): an input with a listbox of
 * suggestions from /api/cities, the ARIA 1.2 combobox pattern, no library (the public
 * pages' JS budget, issue 28). The picked city's id goes in a hidden field (`idName`);
 * with `textName` the typed text is posted too, so free text stays possible (events).
 */
import { useEffect, useId, useRef, useState } from "react";
import { CITY_QUERY_MIN, type CitySuggestion } from "~/domain/geo/geo";
import { cn } from "~/lib/cn";
import { fieldClasses } from "./ui/field-classes";
import type { FieldControlProps } from "./ui/form-field";

export interface PickedCity {
  id: number;
  label: string;
}

export interface CityPickerProps {
  /** Left out inside a FormField, which labels the input through `control`. */
  label?: React.ReactNode;
  /** The ids a surrounding FormField ties its label, error and hint to. */
  control?: FieldControlProps;
  /** The hidden field that carries the picked city's id ("" when none is picked). */
  idName?: string;
  /** The typed text's field, for forms that accept a city not on the list. */
  textName?: string;
  defaultCity?: PickedCity | null;
  defaultText?: string;
  onPick?: (city: PickedCity | null) => void;
  hint?: React.ReactNode;
  className?: string;
  inputClassName?: string;
  placeholder?: string;
}

export function CityPicker({
  label,
  idName,
  textName,
  defaultCity = null,
  defaultText,
  onPick,
  hint,
  className,
  inputClassName,
  placeholder = "Start typing your city",
  control,
}: CityPickerProps) {
  const [text, setText] = useState(defaultCity?.label ?? defaultText ?? "");
  const [picked, setPicked] = useState<PickedCity | null>(defaultCity);
  const [options, setOptions] = useState<CitySuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Stays after the field loses focus: a line that vanished on blur would move the
  // buttons below it between press and release, and the click would miss.
  const [noMatch, setNoMatch] = useState(false);
  const request = useRef<AbortController | null>(null);
  const id = useId();
  const inputId = control?.id ?? `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;

  useEffect(() => () => request.current?.abort(), []);

  function pick(city: PickedCity | null, shownText: string) {
    setPicked(city);
    setText(shownText);
    setOpen(false);
    setActive(-1);
    onPick?.(city);
  }

  function lookUp(query: string) {
    request.current?.abort();
    setNoMatch(false);
    if (query.trim().length < CITY_QUERY_MIN) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    // A short pause so that typing "berlin" asks once or twice, not six times.
    const timer = setTimeout(() => {
      fetch(`/api/cities?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { cities: [] }))
        .then((body: { cities: CitySuggestion[] }) => {
          setOptions(body.cities);
          setNoMatch(body.cities.length === 0);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined);
    }, 150);
    controller.signal.addEventListener("abort", () => clearTimeout(timer));
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp" && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      const city = options[active]!;
      pick({ id: city.id, label: city.label }, city.label);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const expanded = open && !picked && text.trim().length >= CITY_QUERY_MIN;
  return (
    <div className={cn("relative", className)}>
      {label !== undefined && (
        <label htmlFor={inputId} className="block text-sm font-medium text-foreground/90">
          {label}
        </label>
      )}
      <input
        id={inputId}
        name={textName}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={control ? control["aria-describedby"] : hint ? hintId : undefined}
        aria-invalid={control?.["aria-invalid"]}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (picked) {
            setPicked(null);
            onPick?.(null);
          }
          lookUp(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className={cn(fieldClasses, label !== undefined && "mt-2", inputClassName)}
      />
      {idName && <input type="hidden" name={idName} value={picked ? String(picked.id) : ""} />}
      {hint && (
        <p id={hintId} className="mt-2 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Cities"
        hidden={!expanded || options.length === 0}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-border bg-card py-1 text-left shadow-lg"
      >
        {options.map((city, index) => (
          <li
            key={city.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the input, so blur does not close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick({ id: city.id, label: city.label }, city.label)}
            className={cn(
              "cursor-pointer px-4 py-2 text-sm text-foreground",
              index === active ? "bg-primary/15 text-primary" : "hover:bg-muted",
            )}
          >
            {city.label}
          </li>
        ))}
      </ul>
      {noMatch && !picked && (
        <p className="mt-2 text-xs text-muted-foreground">No city of that name on our list.</p>
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {expanded ? (options.length === 1 ? "1 city found" : `${options.length} cities found`) : ""}
      </span>
    </div>
  );
}
