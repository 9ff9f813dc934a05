/**
 * A list screen's filters, declared (kit/list-screen.tsx): a GET form, so the filters
 * live in the address (a filtered list can be bookmarked, shared with its CSV export,
 * and works without JavaScript), or a row of links when one choice at a time is all
 * there is (All / Not handled). The form is keyed by the query, so Back and "Clear
 * filters" reset its fields; on a phone it can fold behind a "Filters" button.
 */
import { Form, Link } from "react-router";
import { X } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/cn";
import { FilterPanel } from "./filter-panel";

export type ListFilterField =
  | {
      kind: "search";
      name: string;
      label: string;
      placeholder?: string;
      /** A line under the box: what the search matches. */
      hint?: React.ReactNode;
      className?: string;
    }
  | {
      kind: "select";
      name: string;
      label: string;
      /** Every choice, the one that means "no filter" included (value "" or "all"). */
      options: readonly { value: string; label: string }[];
      className?: string;
    }
  | { kind: "date"; name: string; label: string; className?: string }
  | { kind: "checkbox"; name: string; label: React.ReactNode };

export interface ListFilterFormConfig {
  /** The form's accessible name, e.g. "Filter orders". */
  label: string;
  fields: readonly ListFilterField[];
  submit: { label: string; icon?: React.ReactNode; variant?: "default" | "outline" };
  /** Offered while a filter is in use, back to the whole list. */
  clearLabel?: string;
  /** A section of its own above the list, titled so ("Find orders"). */
  section?: string;
  /** Folded behind a "Filters" button on a phone, so the list is on the first screen. */
  folds?: boolean;
  /** A grid with the boxes and buttons on a row below (several filters), or one row. */
  layout?: "grid" | "row";
}

/** The filters' values as the form's fields start: what the address says. */
export type FilterFormValues = Record<string, string | boolean | number | null | undefined>;

interface ListFilterFormProps {
  config: ListFilterFormConfig;
  /** The list's path: where the form goes, and what "Clear filters" leads back to. */
  path: string;
  /** An id prefix for the fields, e.g. "orders". */
  idPrefix: string;
  values: FilterFormValues;
  /** The query of the filters in use (keys the form), and how many there are. */
  query: string;
  activeCount: number;
}

export function ListFilterForm(props: ListFilterFormProps) {
  const { config, query, activeCount } = props;
  const form = <FilterForm key={query} {...props} />;
  return config.folds ? (
    <FilterPanel key={query} activeCount={activeCount}>
      {form}
    </FilterPanel>
  ) : (
    form
  );
}

function FilterForm({ config, path, idPrefix, values, activeCount }: ListFilterFormProps) {
  const grid = config.layout === "grid";
  const boxes = config.fields.filter((field) => field.kind !== "checkbox");
  const checks = config.fields.filter((field) => field.kind === "checkbox");
  const idOf = (name: string) => `${idPrefix}-${name}`;
  const buttons = (
    <div className="flex flex-wrap gap-3">
      {config.clearLabel && activeCount > 0 && (
        <Link to={path} className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}>
          <X aria-hidden />
          {config.clearLabel}
        </Link>
      )}
      <Button
        type="submit"
        size={grid ? "sm" : undefined}
        variant={config.submit.variant === "outline" ? "outline" : undefined}
      >
        {config.submit.icon}
        {config.submit.label}
      </Button>
    </div>
  );
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label={config.label}
      className={
        grid
          ? "grid gap-4 rounded-2xl border border-border/70 bg-card p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
          : "flex flex-col gap-3 sm:flex-row sm:items-end"
      }
    >
      {boxes.map((field, index) => (
        <div
          key={field.name}
          className={cn(
            "space-y-2",
            grid && index === 0 && field.kind === "search" && "sm:col-span-2 lg:col-span-1",
            !grid && field.kind === "search" && "flex-1",
            "className" in field && field.className,
          )}
        >
          <Label htmlFor={idOf(field.name)} className="block">
            {field.label}
          </Label>
          <FilterBox field={field} id={idOf(field.name)} value={values[field.name]} />
        </div>
      ))}
      {grid ? (
        <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between lg:col-span-4">
          <div className="flex flex-col gap-3">
            {checks.map((field) => (
              <FilterCheck
                key={field.name}
                field={field}
                id={idOf(field.name)}
                value={values[field.name]}
              />
            ))}
          </div>
          {buttons}
        </div>
      ) : (
        <>
          {checks.map((field) => (
            <FilterCheck
              key={field.name}
              field={field}
              id={idOf(field.name)}
              value={values[field.name]}
            />
          ))}
          {buttons}
        </>
      )}
    </Form>
  );
}

function FilterBox({
  field,
  id,
  value,
}: {
  field: Exclude<ListFilterField, { kind: "checkbox" }>;
  id: string;
  value: FilterFormValues[string];
}) {
  const text = value === null || value === undefined || value === false ? "" : String(value);
  if (field.kind === "select") {
    return (
      <Select id={id} name={field.name} defaultValue={text}>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  }
  if (field.kind === "date") {
    return <Input id={id} name={field.name} type="date" defaultValue={text} />;
  }
  const hintId = field.hint ? `${id}-hint` : undefined;
  return (
    <>
      <Input
        id={id}
        name={field.name}
        type="search"
        defaultValue={text}
        placeholder={field.placeholder}
        autoComplete="off"
        aria-describedby={hintId}
      />
      {field.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {field.hint}
        </p>
      )}
    </>
  );
}

function FilterCheck({
  field,
  id,
  value,
}: {
  field: Extract<ListFilterField, { kind: "checkbox" }>;
  id: string;
  value: FilterFormValues[string];
}) {
  return (
    <label htmlFor={id} className="flex min-h-6 cursor-pointer items-center gap-3 text-sm">
      <Checkbox id={id} name={field.name} value="1" defaultChecked={value === true} />
      <span>{field.label}</span>
    </label>
  );
}

export interface ListFilterTab {
  label: string;
  href: string;
  current: boolean;
}

/** One choice at a time, as links: the current one marked for screen readers too. */
export function ListFilterTabs({ label, tabs }: { label: string; tabs: readonly ListFilterTab[] }) {
  return (
    <nav aria-label={label} className="flex gap-1 rounded-full border border-border p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          to={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={cn(
            "rounded-full px-4 py-2 text-sm font-medium transition-colors",
            tab.current
              ? "bg-primary text-primary-foreground"
              : "text-muted-foreground hover:bg-muted hover:text-foreground",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
