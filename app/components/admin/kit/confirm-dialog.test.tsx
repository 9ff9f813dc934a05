import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

function render(props: Partial<ConfirmDialogProps> = {}) {
  const Stub = createRoutesStub([
    {
      path: "/admin/photo-gallery",
      Component: () => (
        <ConfirmDialog
          open
          onOpenChange={() => {}}
          title="Delete Photo"
          description="Are you sure you want to delete this photo? This action cannot be undone."
          confirmLabel="Delete"
          fields={{ intent: "delete", id: "p-7" }}
          {...props}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/photo-gallery"]} />);
}

describe("ConfirmDialog", () => {
  it("is an alert dialog named and described by the spec's texts", () => {
    const html = render();
    const dialog = html.match(/<dialog[^>]*>/)?.[0] ?? "";
    expect(dialog).toContain('role="alertdialog"');
    const labelledBy = dialog.match(/aria-labelledby="([^"]+)"/)?.[1];
    const describedBy = dialog.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toMatch(
      new RegExp(`<p id="${describedBy}"[^>]*>Are you sure you want to delete this photo\\?`),
    );
  });

  it("posts the hidden fields to the current route with a destructive confirm and Cancel first in focus", () => {
    const html = render();
    expect(html).toMatch(/<form[^>]*action="\/admin\/photo-gallery" method="post"/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toContain('<input type="hidden" name="id" value="p-7"/>');
    expect(html).toMatch(
      /<button type="submit" class="[^"]*btn-destructive[^"]*">.*Delete<\/button>/,
    );
    expect(html).toMatch(/<button[^>]*data-autofocus="true"[^>]*>Cancel<\/button>/);
  });

  it("renders Cancel as a link when the confirmation has an address of its own", () => {
    const html = render({ cancelHref: "." });
    expect(html).toMatch(/<a[^>]*data-autofocus="true"[^>]*>Cancel<\/a>/);
  });

  it("without fields it is a plain confirmation, with no form", () => {
    const html = render({ fields: undefined, onConfirm: () => {} });
    expect(html).not.toContain("<form");
    expect(html).toContain("Delete</button>");
  });
});
