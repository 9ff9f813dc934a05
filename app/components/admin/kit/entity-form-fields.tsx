/**
 * The entity form's fields as configuration: a screen lists what it edits, this file
 * turns each entry into a labelled, accessible control (FormField ties label, error
 * and hint to it). Controls are uncontrolled, so a failed save leaves them as typed.
 */
import { useState } from "react";
import { CityPicker } from "~/components/city-picker";
import { FormField, type FieldControlProps } from "~/components/ui/form-field";
import { FieldError, Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { UploadedFile, UploadKind } from "~/domain/media/uploads";
import { cn } from "~/lib/cn";
import { ColorField } from "./color-field";
import { MultiSelectInput } from "./multi-select-input";
import { TagsInput } from "./tags-input";
import { UploadField } from "./upload-field";

/** The form's current values as strings (lists as arrays), for `showWhen`. */
export type FormSnapshot = Record<string, string | string[]>;

/** Read and write plain fields (text, select …) of the open form, e.g. after an upload. */
export interface FormControls {
  get: (name: string) => string;
  set: (name: string, value: string) => void;
}

interface BaseField {
  /** The form field's name, as the schema knows it. */
  name: string;
  label: string;
  hint?: React.ReactNode;
  /**
   * A hint computed from the form's current values (e.g. what a pasted link is); shown
   * in place of `hint` where the form passes its values (EntityFormDialog does).
   */
  note?: (values: FormSnapshot) => React.ReactNode;
  placeholder?: string;
  /** Marks the label; the rule itself lives in the schema (and its message with it). */
  required?: boolean;
  /** Used when the edited row has no value for this field (and for "add"). */
  defaultValue?: unknown;
  /** Take half the width beside another half field (from the sm breakpoint). */
  half?: boolean;
  /** Show the field only while this holds; a hidden field is not posted. */
  showWhen?: (values: FormSnapshot) => boolean;
  /** Fields of one group sit together under its legend ("Colours", "Fonts and motion"). */
  group?: string;
}

export type FieldConfig =
  | (BaseField & {
      kind: "text" | "url" | "email";
      maxLength?: number;
      autoComplete?: string;
    })
  | (BaseField & { kind: "textarea"; rows?: number; maxLength?: number })
  | (BaseField & { kind: "number"; min?: number; max?: number; step?: number | "any" })
  | (BaseField & { kind: "switch" })
  | (BaseField & {
      kind: "select";
      options: readonly { value: string; label: string }[];
    })
  | (BaseField & {
      /**
       * One of a few options as a row of segmented buttons (native radios, so arrows move
       * the choice and the form posts it); with `showWhen`, the fields of the chosen
       * option only, e.g. a source's "YouTube" / "File".
       */
      kind: "choice";
      options: readonly { value: string; label: string }[];
    })
  | (BaseField & { kind: "color" })
  | (BaseField & { kind: "date" })
  | (BaseField & { kind: "time" })
  | (BaseField & { kind: "tags"; itemLabel?: string })
  | (BaseField & {
      /**
       * A place from the offline city list, or free text: `name` posts the text,
       * `idName` the picked city's id ("" when the text was typed, not picked).
       */
      kind: "city";
      idName: string;
    })
  | (BaseField & {
      /** Several of many options, searchable (a zone's countries); posted like tags. */
      kind: "multiselect";
      options: readonly { value: string; label: string }[];
      itemLabel?: string;
    })
  | (BaseField & {
      kind: "upload";
      uploadKind: UploadKind;
      /** More kinds the field takes; the picked file's content decides (UploadField). */
      alsoAccept?: readonly UploadKind[];
      allowUrl?: boolean;
      /** The source shown first with allowUrl (the upload field picks one otherwise). */
      defaultMode?: "url" | "file";
      /** When a file is picked, before it is sent: e.g. fill an empty title from its name. */
      onFileSelected?: (file: File, form: FormControls) => void;
      /** After the server stored the file, e.g. to set the type from its content type. */
      onUploaded?: (file: UploadedFile, form: FormControls) => void;
    });

/** The field's starting value: the edited row's, else the field's default. */
export function initialValue(
  field: FieldConfig,
  defaults: object | undefined,
): string | string[] | boolean {
  const raw = (defaults as Record<string, unknown> | undefined)?.[field.name] ?? field.defaultValue;
  switch (field.kind) {
    case "switch":
      return raw === true || raw === "true" || raw === "on";
    case "tags":
    case "multiselect":
      return Array.isArray(raw) ? raw.map(String) : [];
    case "choice": {
      // Always one option chosen: the row's, the field's default, else the first.
      const text = raw == null ? "" : String(raw);
      return field.options.some((o) => o.value === text) ? text : (field.options[0]?.value ?? "");
    }
    case "date": {
      if (raw instanceof Date) return raw.toISOString().slice(0, 10);
      const text = raw == null ? "" : String(raw);
      // <input type="date"> only takes YYYY-MM-DD; a stored timestamp is cut to its day.
      return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
    }
    default:
      return raw == null ? "" : String(raw);
  }
}

/** The starting snapshot of all fields, as `showWhen` reads it. */
export function initialSnapshot(
  fields: readonly FieldConfig[],
  defaults: object | undefined,
): FormSnapshot {
  const snapshot: FormSnapshot = {};
  for (const field of fields) {
    const value = initialValue(field, defaults);
    snapshot[field.name] = typeof value === "boolean" ? String(value) : value;
  }
  return snapshot;
}

export interface EntityFormFieldProps {
  field: FieldConfig;
  id: string;
  error?: string;
  defaults: object | undefined;
  /** Fields whose value lives in React state (switch, tags, upload) report changes here. */
  onValueChange: (name: string, value: string | string[]) => void;
  /** An upload field tells when its upload starts and ends (the form holds Save meanwhile). */
  onUploadBusyChange: (name: string, busy: boolean) => void;
  controls: FormControls;
  /** The first field of a dialog takes the focus when it opens. */
  autoFocus?: boolean;
  /** The form's current values, for the field's `note`. */
  values?: FormSnapshot;
}

export function EntityFormField({
  field,
  id,
  error,
  defaults,
  onValueChange,
  onUploadBusyChange,
  controls,
  autoFocus,
  values,
}: EntityFormFieldProps) {
  const initial = initialValue(field, defaults);
  const hint = field.note && values ? field.note(values) : field.hint;
  const wide = !field.half;
  const label = (
    <>
      {field.label}
      {field.required && (
        <span aria-hidden className="text-primary">
          {" "}
          *
        </span>
      )}
    </>
  );
  const common = (control: FieldControlProps) => ({
    ...control,
    name: field.name,
    placeholder: field.placeholder,
    "aria-required": field.required || undefined,
    // The dialog puts focus here on open (ui/dialog.tsx), so typing can start at once.
    "data-autofocus": autoFocus || undefined,
  });
  const cell = cn("space-y-2", wide && "sm:col-span-2");

  switch (field.kind) {
    case "switch":
      return (
        <SwitchField
          field={field}
          id={id}
          error={error}
          initial={initial === true}
          className={cell}
          onValueChange={onValueChange}
        />
      );
    case "choice":
      return (
        <ChoiceField
          field={field}
          id={id}
          error={error}
          hint={hint}
          initial={typeof initial === "string" ? initial : ""}
          className={cell}
          autoFocus={autoFocus}
        />
      );
    case "color":
      return (
        <ColorField
          id={id}
          name={field.name}
          label={field.label}
          defaultValue={typeof initial === "string" ? initial : ""}
          error={error}
          className={cell}
          onChange={(value) => onValueChange(field.name, value)}
        />
      );
    case "city":
      return (
        <FormField id={id} label={label} error={error} hint={hint} className={cell}>
          {(control) => (
            <CityPicker
              control={control}
              textName={field.name}
              idName={field.idName}
              defaultText={typeof initial === "string" ? initial : ""}
              placeholder={field.placeholder ?? "Start typing the city"}
            />
          )}
        </FormField>
      );
    case "upload":
      return (
        <div className={cell}>
          <UploadField
            id={id}
            name={field.name}
            label={field.label}
            kind={field.uploadKind}
            alsoAccept={field.alsoAccept}
            allowUrl={field.allowUrl}
            defaultValue={typeof initial === "string" ? initial || null : null}
            defaultMode={field.defaultMode}
            error={error}
            hint={hint}
            onBusyChange={(busy) => onUploadBusyChange(field.name, busy)}
            onFileSelected={(file) => field.onFileSelected?.(file, controls)}
            onUploaded={(file) => {
              onValueChange(field.name, file.url);
              field.onUploaded?.(file, controls);
            }}
          />
        </div>
      );
    default:
      return (
        <FormField id={id} label={label} error={error} hint={hint} className={cell}>
          {(control) => renderControl(field, initial, common(control), onValueChange)}
        </FormField>
      );
  }
}

type ControlProps = FieldControlProps & {
  name: string;
  placeholder?: string;
  "aria-required"?: boolean;
};

function renderControl(
  field: FieldConfig,
  initial: string | string[] | boolean,
  props: ControlProps,
  onValueChange: EntityFormFieldProps["onValueChange"],
) {
  const text = typeof initial === "string" ? initial : "";
  switch (field.kind) {
    case "textarea":
      return (
        <Textarea
          {...props}
          rows={field.rows ?? 4}
          maxLength={field.maxLength}
          defaultValue={text}
        />
      );
    case "select": {
      // A select has no placeholder attribute: the placeholder is a first, empty option.
      const { placeholder: _placeholder, ...selectProps } = props;
      return (
        <Select {...selectProps} defaultValue={text}>
          {field.placeholder !== undefined && (
            <option value="" disabled>
              {field.placeholder}
            </option>
          )}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    }
    case "number":
      return (
        <Input
          {...props}
          type="number"
          inputMode={field.step === "any" || (field.step ?? 1) % 1 !== 0 ? "decimal" : "numeric"}
          min={field.min}
          max={field.max}
          step={field.step}
          defaultValue={text}
        />
      );
    case "date":
      return <Input {...props} type="date" defaultValue={text} />;
    case "time":
      // Free text, not <input type="time">: stored times such as "8:00 PM" must show
      // as they are, and the schema checks the format with the spec's message.
      return (
        <Input
          {...props}
          type="text"
          placeholder={props.placeholder ?? "e.g., 8:00 PM"}
          autoComplete="off"
          defaultValue={text}
        />
      );
    case "tags":
      return (
        <TagsInput
          id={props.id}
          name={field.name}
          itemLabel={field.itemLabel}
          placeholder={field.placeholder}
          defaultValue={Array.isArray(initial) ? initial : []}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={props["aria-describedby"]}
          onChange={(tags) => onValueChange(field.name, tags)}
        />
      );
    case "multiselect":
      return (
        <MultiSelectInput
          id={props.id}
          name={field.name}
          options={field.options}
          itemLabel={field.itemLabel}
          placeholder={field.placeholder}
          defaultValue={Array.isArray(initial) ? initial : []}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={props["aria-describedby"]}
          onChange={(values) => onValueChange(field.name, values)}
        />
      );
    case "text":
    case "url":
    case "email":
      return (
        <Input
          {...props}
          type={field.kind}
          inputMode={field.kind === "text" ? undefined : field.kind}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete ?? (field.kind === "email" ? "email" : "off")}
          defaultValue={text}
        />
      );
    default:
      return null;
  }
}

/** A labelled switch that posts "true" or "false" under the field's name. */
function SwitchField({
  field,
  id,
  error,
  initial,
  className,
  onValueChange,
}: {
  field: FieldConfig;
  id: string;
  error?: string;
  initial: boolean;
  className?: string;
  onValueChange: EntityFormFieldProps["onValueChange"];
}) {
  const [on, setOn] = useState(initial);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(field.hint) && !error;
  return (
    <div className={className}>
      <div className="flex min-h-12 items-center justify-between gap-4 rounded-xl border border-border/70 bg-background/40 px-4 py-2">
        <Label htmlFor={id}>{field.label}</Label>
        <Switch
          id={id}
          checked={on}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : showHint ? hintId : undefined}
          onClick={() => {
            setOn(!on);
            onValueChange(field.name, String(!on));
          }}
        />
        <input type="hidden" name={field.name} value={String(on)} />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
      {showHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {field.hint}
        </p>
      )}
    </div>
  );
}

/**
 * Segmented buttons over native radios: the group is named by its legend, arrows move
 * the choice, and the chosen value is posted under the field's name. The form hears
 * the change through its own onChange (radios bubble it like any input).
 */
function ChoiceField({
  field,
  id,
  error,
  hint,
  initial,
  className,
  autoFocus,
}: {
  field: Extract<FieldConfig, { kind: "choice" }>;
  id: string;
  error?: string;
  hint?: React.ReactNode;
  initial: string;
  className?: string;
  autoFocus?: boolean;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  return (
    <fieldset
      className={className}
      aria-describedby={error ? errorId : showHint ? hintId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-foreground/90">{field.label}</legend>
      <div
        data-slot="choice"
        className="flex w-full gap-1 rounded-2xl border border-border/70 bg-card p-1 sm:inline-flex sm:w-auto sm:rounded-full"
      >
        {field.options.map((option, index) => (
          <label key={option.value} className="relative flex flex-auto">
            <input
              type="radio"
              // The first option carries the field's id: labels and "focus the first
              // invalid field" find the group by it.
              id={index === 0 ? id : `${id}-${option.value}`}
              name={field.name}
              value={option.value}
              defaultChecked={option.value === initial}
              data-autofocus={(autoFocus && option.value === initial) || undefined}
              className="peer sr-only"
            />
            <span className="flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-xl px-2 py-1.5 text-center text-sm leading-tight font-medium whitespace-nowrap text-muted-foreground transition-colors select-none peer-checked:bg-primary peer-checked:text-primary-foreground peer-checked:shadow-md peer-checked:shadow-primary/20 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:text-foreground peer-checked:hover:text-primary-foreground sm:rounded-full sm:px-4">
              {option.label}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
      {showHint && (
        <p id={hintId} className="mt-2 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
