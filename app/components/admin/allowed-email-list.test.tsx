/** The allow-list as the server renders it; removal in the browser runs in tests/e2e/auth-admin.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXT } from "~/domain/admin/admin-screens";
import { AllowedEmailList, type AllowedEmailRow } from "./allowed-email-list";

const PRIMARY = "owner@example.com";
const emails: AllowedEmailRow[] = [
  { id: "e2", email: "roadie@example.com", isAdmin: false, createdAt: "2026-01-02T00:00:00Z" },
  { id: "e1", email: PRIMARY, isAdmin: true, createdAt: "2026-01-01T00:00:00Z" },
];

function render(url: string, canManage = true) {
  const Stub = createRoutesStub([
    {
      path: "/admin/user-management",
      Component: () => (
        <AllowedEmailList
          emails={emails}
          primaryAdminEmail={PRIMARY}
          canManage={canManage}
          loadFailed={false}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

describe("AllowedEmailList", () => {
  it("offers Remove as a link to the row's confirmation, and refuses it for the primary admin", () => {
    const html = render("/admin/user-management");
    const link = html.match(/<a[^>]*aria-label="Remove roadie@example.com"[^>]*>/)?.[0] ?? "";
    expect(link).toContain('href="/admin/user-management?confirm=e2"');
    const primaryRow = html.match(/<li data-email="owner@example.com"[^]*?<\/li>/)?.[0] ?? "";
    expect(primaryRow).toMatch(/<button[^>]*disabled=""[^>]*>.*Remove<\/button>/);
    expect(primaryRow).not.toContain("<a");
    expect(html).toContain(ADMIN_TEXT.primaryAdminProtected);
    // No confirmation until one is asked for.
    expect(html).not.toContain("<noscript>");
    expect(html).not.toContain("Remove this e-mail?");
  });

  it("opens the confirmation for a ?confirm= address, with a form for browsers without JavaScript", () => {
    const html = render("/admin/user-management?confirm=e2");
    expect(html).toMatch(/<dialog[^>]*role="alertdialog"/);
    expect(html).toContain("Remove this e-mail?");
    const noscript = html.match(/<noscript>([^]*)<\/noscript>/)?.[1] ?? "";
    expect(noscript).toContain('<input type="hidden" name="intent" value="remove"/>');
    expect(noscript).toContain('<input type="hidden" name="id" value="e2"/>');
    expect(noscript).toContain("roadie@example.com");
  });

  it("never offers to remove the primary admin, even by address", () => {
    const html = render("/admin/user-management?confirm=e1");
    expect(html).not.toContain("<noscript>");
    expect(html).not.toContain("Remove this e-mail?");
  });

  it("is read-only for people without Admin privileges", () => {
    const html = render("/admin/user-management?confirm=e2", false);
    expect(html).toContain('data-email="roadie@example.com"');
    expect(html).not.toContain("Remove");
    expect(html).not.toContain("Admin privileges:");
    expect(html).not.toContain("<noscript>");
  });

  it("gives or takes Admin privileges with a plain form post, never for the primary admin", () => {
    const html = render("/admin/user-management");
    const roadie = html.match(/<li data-email="roadie@example.com"[^]*?<\/li>/)?.[0] ?? "";
    const form = roadie.match(/<form[^]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('<input type="hidden" name="intent" value="set-admin"/>');
    expect(form).toContain('<input type="hidden" name="id" value="e2"/>');
    expect(form).toContain('<input type="hidden" name="isAdmin" value="true"/>');
    expect(form).toContain('aria-label="Give Admin privileges: roadie@example.com"');
    const primaryRow = html.match(/<li data-email="owner@example.com"[^]*?<\/li>/)?.[0] ?? "";
    expect(primaryRow).not.toContain("set-admin");

    const promoted = renderToStaticMarkup(<Stub2 rows={[{ ...emails[0]!, isAdmin: true }]} />);
    expect(promoted).toContain('<input type="hidden" name="isAdmin" value="false"/>');
    expect(promoted).toContain("Take away Admin privileges");
  });
});

function Stub2({ rows }: { rows: AllowedEmailRow[] }) {
  const Stub = createRoutesStub([
    {
      path: "/admin/user-management",
      Component: () => (
        <AllowedEmailList emails={rows} primaryAdminEmail={PRIMARY} canManage loadFailed={false} />
      ),
    },
  ]);
  return <Stub initialEntries={["/admin/user-management"]} />;
}
