import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

/** The sign-in forms' "Email" field: a required address the browser may fill in. */
export function EmailField({ id = "email", error }: { id?: string; error?: string }) {
  return (
    <FormField id={id} label="Email" error={error}>
      {(field) => (
        <Input
          {...field}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
      )}
    </FormField>
  );
}
