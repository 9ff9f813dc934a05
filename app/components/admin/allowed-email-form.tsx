import { Form, useNavigation } from "react-router";
import { UserPlus } from "lucide-react";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";

/** Adds an address to the allow-list; the server stores it lower-cased. */
export function AllowedEmailForm({ error }: { error?: string }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <Card aria-labelledby="add-email-title">
      <CardTitle id="add-email-title">Add an e-mail address</CardTitle>
      <CardDescription>
        The person can then create an account with this address and confirm it by e-mail.
      </CardDescription>
      <Form method="post" className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-end">
        <input type="hidden" name="intent" value="add" />
        <div className="flex-1 space-y-2">
          <Label htmlFor="new-email">Email</Label>
          <Input
            id="new-email"
            name="email"
            type="email"
            required
            placeholder="name@example.com"
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "new-email-error" : undefined}
          />
        </div>
        <label className="flex h-12 cursor-pointer items-center gap-3 rounded-xl border border-border/70 bg-background/50 px-4 text-sm">
          <input
            type="checkbox"
            name="isAdmin"
            className="size-4 cursor-pointer accent-[hsl(var(--primary))]"
          />
          Admin privileges
        </label>
        <SubmitButton
          size="lg"
          className="h-12"
          disabled={adding}
          pending={adding}
          pendingLabel="Adding..."
          icon={<UserPlus aria-hidden />}
        >
          Add Email
        </SubmitButton>
      </Form>
      <div className="mt-2">
        <FieldError id="new-email-error">{error}</FieldError>
      </div>
    </Card>
  );
}
