import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { Input } from "./input";

const render = (props: { error?: string; hint?: string }) =>
  renderToStaticMarkup(
    <FormField id="email" label="Email" {...props}>
      {(field) => <Input {...field} name="email" />}
    </FormField>,
  );

describe("FormField", () => {
  it("ties the label to the control and says nothing more while all is well", () => {
    const html = render({});
    expect(html).toContain(
      '<label class="text-sm font-medium text-foreground/90 block" for="email">Email</label>',
    );
    expect(html).toMatch(/<input[^>]*id="email"[^>]*name="email"/);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  it("marks the control invalid and points it at the announced error, hiding the hint", () => {
    const html = render({
      error: "Please enter a valid email address",
      hint: "We never share it.",
    });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-error"');
    expect(html).toContain('<p id="email-error" role="alert"');
    expect(html).toContain("Please enter a valid email address");
    expect(html).not.toContain("We never share it.");
  });

  it("describes the control with the hint when there is no error", () => {
    const html = render({ hint: "We never share it." });
    expect(html).toContain('aria-describedby="email-hint"');
    expect(html).toContain('<p id="email-hint"');
  });
});
