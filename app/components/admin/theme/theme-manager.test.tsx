/** The theme table and preview as the server renders them; the journey runs in tests/e2e/admin-theme.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_THEME } from "~/domain/content/theme/theme";
import { ThemeManager, type ThemeRow } from "./theme-manager";
import { ThemePreview } from "./theme-preview";

const render = (element: React.ReactNode) => {
  const Stub = createRoutesStub([{ path: "/admin/theme", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/theme"]} />);
};

const theme = (over: Partial<ThemeRow>): ThemeRow => ({
  id: "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f",
  name: "Midnight Gold",
  colors: { ...DEFAULT_THEME.colors },
  typography: { ...DEFAULT_THEME.typography },
  animations: { ...DEFAULT_THEME.animations },
  isActive: false,
  ...over,
});

describe("theme manager", () => {
  it("marks the active theme and offers Activate on the others", () => {
    const html = render(
      <ThemeManager
        canManage
        onEdit={() => {}}
        themes={[
          theme({ id: "a", name: "Midnight Gold", isActive: true }),
          theme({ id: "b", name: "Blue Note Velvet" }),
        ]}
      />,
    );
    expect(html).toContain('aria-label="Activate &quot;Blue Note Velvet&quot;"');
    expect(html).not.toContain("Activate &quot;Midnight Gold&quot;");
    expect(html).toContain("Active");
    expect(html).toContain('aria-label="Delete &quot;Midnight Gold&quot;"');
  });

  it("is read-only without Admin privileges", () => {
    const html = render(
      <ThemeManager canManage={false} onEdit={() => {}} themes={[theme({ name: "Velvet" })]} />,
    );
    expect(html).not.toContain("Activate");
    expect(html).not.toContain("Edit &quot;Velvet&quot;");
    expect(html).toContain("Inactive");
  });

  it("says what happens when there are no themes", () => {
    expect(render(<ThemeManager canManage onEdit={() => {}} themes={[]} />)).toContain(
      "No themes yet",
    );
  });
});

describe("theme preview", () => {
  it("scopes the edited colours on its own container, with the defaults under invalid values", () => {
    const html = render(
      <ThemePreview
        colors={{ ...DEFAULT_THEME.colors, primary: "200 70% 50%", accent: "not a colour" }}
        typography={DEFAULT_THEME.typography}
        animations={DEFAULT_THEME.animations}
      />,
    );
    const container = html.match(/<div[^>]*data-testid="theme-preview"[^>]*>/)?.[0] ?? "";
    expect(container).toContain("--primary:200 70% 50%");
    expect(container).toContain(`--accent:${DEFAULT_THEME.colors.accent}`);
  });
});
