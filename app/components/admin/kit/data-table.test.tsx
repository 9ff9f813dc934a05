/** The data table as the server renders it; reordering and toggles run in the browser suite. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DataTable, type DataTableProps } from "./data-table";
import { RowToggle } from "./row-toggle";

interface Item {
  id: string;
  title: string;
  platform: string;
  visible: boolean;
}

const items: Item[] = [
  { id: "a", title: "Blue in Green", platform: "YouTube", visible: true },
  { id: "b", title: "So What", platform: "Vimeo", visible: false },
  { id: "c", title: "Nardis", platform: "YouTube", visible: true },
];

function render(props: Partial<DataTableProps<Item>>) {
  const Stub = createRoutesStub([
    {
      path: "/admin/media",
      Component: () => (
        <DataTable<Item>
          columns={[
            { id: "title", header: "Title", cell: (row) => row.title },
            { id: "platform", header: "Platform", cell: (row) => row.platform, hideOnMobile: true },
            {
              id: "visible",
              header: "Visible",
              cell: (row) => (
                <RowToggle
                  id={row.id}
                  flag="isVisible"
                  checked={row.visible}
                  label={`Visible: ${row.title}`}
                />
              ),
            },
          ]}
          rows={items}
          getRowId={(row) => row.id}
          emptyMessage="No media items found. Create your first one!"
          {...props}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/media"]} />);
}

describe("DataTable", () => {
  it("renders a row per item, hiding phone-less columns below sm", () => {
    const html = render({});
    expect(html.match(/<tr data-slot="table-row"[^>]*data-row-id=/g)).toHaveLength(3);
    expect(html).toMatch(/<th[^>]*class="[^"]*hidden sm:table-cell[^"]*"[^>]*>Platform/);
    expect(html).toContain('data-slot="table-container"');
  });

  it("shows the empty message when there are no rows", () => {
    const html = render({ rows: [] });
    expect(html).toContain("No media items found. Create your first one!");
    expect(html).not.toContain("data-row-id");
  });

  it("shows a load failure as an alert instead of rows", () => {
    const html = render({ loadFailed: "Failed to fetch videos" });
    expect(html).toContain(
      '<p role="alert" class="text-sm text-destructive">Failed to fetch videos</p>',
    );
    expect(html).not.toContain("data-row-id");
    expect(html).not.toContain("No media items found");
  });

  it("labels the reorder buttons and disables the first up and the last down", () => {
    const html = render({ reorder: true, rowLabel: (row) => row.title });
    const button = (name: string) =>
      html.match(new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`))?.[0] ?? "";
    const disabled = ' disabled=""';
    expect(button("Move Blue in Green up")).toContain(disabled);
    expect(button("Move Blue in Green down")).not.toContain(disabled);
    expect(button("Move So What up")).not.toContain(disabled);
    expect(button("Move So What down")).not.toContain(disabled);
    expect(button("Move Nardis up")).not.toContain(disabled);
    expect(button("Move Nardis down")).toContain(disabled);
    expect(html).toContain('role="status"');
  });

  it("gives each row toggle a form that posts set-flag with the new value", () => {
    const html = render({});
    expect(html).toContain('<input type="hidden" name="intent" value="set-flag"/>');
    const toggle = html.match(/<button[^>]*aria-label="Visible: So What"[^>]*>/)?.[0] ?? "";
    // The server's HTML, before the script: the form's submit button, a toggle button
    // (role="switch" is valid only on a type="button").
    expect(toggle).toContain('type="submit"');
    expect(toggle).toContain('aria-pressed="false"');
    expect(toggle).not.toContain('role="switch"');
    expect(toggle).toContain('name="value"');
    expect(toggle).toContain('value="true"');
    expect(html).toContain('<input type="hidden" name="flag" value="isVisible"/>');
  });

  it("draws the declared row actions, named for the row, posting to the table's endpoint", () => {
    const html = render({
      rowLabel: (row) => row.title,
      action: "/admin/loe",
      intents: {
        create: "video:create",
        update: "video:update",
        delete: "video:delete",
        setFlag: "video:set-flag",
        reorder: "video:reorder",
      },
      rowActions: {
        extra: (row) => <a href={`#open-${row.id}`}>Open</a>,
        flag: { flag: "visible", label: (row) => `Show "${row.title}"` },
        edit: () => {},
        remove: { title: "Delete Video", description: (row) => `Delete ${row.title}?` },
      },
    });
    expect(html).toContain('aria-label="Edit &quot;So What&quot;"');
    expect(html).toContain('aria-label="Delete &quot;So What&quot;"');
    expect(html).toContain('href="#open-b"');
    const switches =
      html.match(/<button[^>]*aria-label="Show &quot;So What&quot;"[^>]*>/)?.[0] ?? "";
    expect(switches).toContain('aria-pressed="false"');
    // Every switch in the table, the column's and the actions', posts the table's intent.
    expect(html).not.toContain('value="set-flag"');
    expect(html.match(/name="intent" value="video:set-flag"/g)).toHaveLength(6);
    expect(html.match(/action="\/admin\/loe"/g)?.length).toBeGreaterThanOrEqual(6);
  });
});
