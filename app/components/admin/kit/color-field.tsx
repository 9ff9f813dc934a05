/**
 * A colour field: the text in the spec's 'hue saturation% lightness%' and, beside it,
 * the browser's own colour picker. Each writes the other; a text value that is not a
 * colour leaves the picker where it was. Every change is reported (a live preview
 * follows it).
 */
import { useState } from "react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { hexToHsl, hslToHex } from "~/domain/content/theme/theme-color";

export interface ColorFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  className?: string;
  onChange: (value: string) => void;
}

export function ColorField({
  id,
  name,
  label,
  defaultValue,
  error,
  className,
  onChange: report,
}: ColorFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const onChange = (next: string) => {
    setValue(next);
    report(next);
  };
  const hex = hslToHex(value);
  return (
    <FormField id={id} label={label} error={error} className={className}>
      {(control) => (
        <div className="flex items-center gap-2">
          <Input
            {...control}
            name={name}
            value={value}
            autoComplete="off"
            spellCheck={false}
            placeholder="45 90% 60%"
            className="font-mono"
            onChange={(event) => onChange(event.target.value)}
          />
          <input
            type="color"
            aria-label={`${label} picker`}
            title={`Pick the ${label.toLowerCase()}`}
            value={hex ?? "#000000"}
            onChange={(event) => {
              const hsl = hexToHsl(event.target.value);
              if (hsl) onChange(hsl);
            }}
            className="h-11 w-12 shrink-0 cursor-pointer rounded-xl border border-border bg-card p-1"
          />
        </div>
      )}
    </FormField>
  );
}
