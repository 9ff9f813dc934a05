/** The entity dialog as the server renders it open: the fields the config asks for, tied to their labels. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "~/domain/core/zod";
import { EntityFormDialog, type FieldConfig } from "./entity-form-dialog";

const fields: FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, maxLength: 200 },
  { kind: "textarea", name: "description", label: "Description" },
  { kind: "url", name: "ticketUrl", label: "Ticket URL", half: true },
  {
    kind: "number",
    name: "orderIndex",
    label: "Display order",
    min: 0,
    defaultValue: 0,
    half: true,
  },
  {
    kind: "select",
    name: "status",
    label: "Status",
    defaultValue: "upcoming",
    options: [
      { value: "upcoming", label: "Upcoming" },
      { value: "past", label: "Past" },
    ],
  },
  { kind: "date", name: "date", label: "Date" },
  { kind: "time", name: "time", label: "Time" },
  { kind: "switch", name: "isFeatured", label: "Featured", defaultValue: false },
  { kind: "tags", name: "tags", label: "Tags" },
  { kind: "upload", name: "imageUrl", label: "Image", uploadKind: "image", allowUrl: true },
  {
    kind: "text",
    name: "pdfUrl",
    label: "PDF URL",
    showWhen: (values) => values.status === "past",
  },
];

function render(defaultValues?: Record<string, unknown>) {
  const Stub = createRoutesStub([
    {
      path: "/admin/events",
      Component: () => (
        <EntityFormDialog
          open
          onOpenChange={() => {}}
          title={defaultValues ? "Edit Event" : "Add Event"}
          intent={defaultValues ? "update" : "create"}
          fields={fields}
          schema={z.object({ title: z.string() })}
          defaultValues={defaultValues}
          submitLabel="Save Event"
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/events"]} />);
}

const labelFor = (html: string, text: string) =>
  html.match(new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${text}`))?.[1];

describe("EntityFormDialog", () => {
  it("posts the intent, and the id only when editing", () => {
    const adding = render();
    expect(adding).toContain('<input type="hidden" name="intent" value="create"/>');
    expect(adding).not.toContain('name="id"');
    const editing = render({ id: "ev-1", title: "Spring tour" });
    expect(editing).toContain('<input type="hidden" name="intent" value="update"/>');
    expect(editing).toContain('<input type="hidden" name="id" value="ev-1"/>');
    expect(editing).toContain("Edit Event");
  });

  it("ties every label to its control", () => {
    const html = render();
    for (const label of [
      "Title",
      "Description",
      "Ticket URL",
      "Display order",
      "Status",
      "Date",
      "Time",
      "Featured",
      "Tags",
    ]) {
      const id = labelFor(html, label);
      expect(id, label).toBeTruthy();
      expect(html, label).toContain(`id="${id}"`);
    }
  });

  it("fills a new form with the fields' defaults and an edit with the row's values", () => {
    const blank = render();
    expect(blank).toMatch(/name="orderIndex"[^>]*value="0"/);
    expect(blank).toMatch(/<option value="upcoming" selected="">Upcoming/);
    expect(blank).toContain('<input type="hidden" name="isFeatured" value="false"/>');

    const html = render({
      id: "ev-1",
      title: "Spring tour",
      status: "past",
      date: "2026-05-01T00:00:00.000Z",
      time: "8:00 PM",
      isFeatured: true,
      tags: ["jazz", "trio"],
    });
    expect(html).toMatch(/name="title"[^>]*value="Spring tour"/);
    expect(html).toMatch(/type="date"[^>]*value="2026-05-01"/);
    expect(html).toMatch(/type="text"[^>]*name="time"|name="time"[^>]*type="text"/);
    expect(html).toMatch(/name="time"[^>]*value="8:00 PM"/);
    expect(html).toContain('<input type="hidden" name="isFeatured" value="true"/>');
    expect(html).toContain('<input type="hidden" name="tags" value="jazz"/>');
    expect(html).toContain('<input type="hidden" name="tags" value="trio"/>');
    expect(html).toContain('aria-label="Remove tag trio"');
  });

  it("shows a conditional field only while its condition holds", () => {
    expect(render()).not.toContain('name="pdfUrl"');
    expect(render({ id: "ev-1", status: "past" })).toContain('name="pdfUrl"');
  });

  it("marks required fields and leaves validation to the schema (no browser bubbles)", () => {
    const html = render();
    expect(html).toMatch(/<form novalidate=""/i);
    expect(html).toMatch(
      /name="title"[^>]*aria-required="true"|aria-required="true"[^>]*name="title"/,
    );
    expect(html).toContain("Save Event");
    expect(html).toContain(">Cancel</button>");
  });
});

describe("EntityFormDialog: a choice and a note", () => {
  const sourceFields: FieldConfig[] = [
    {
      kind: "choice",
      name: "sourceType",
      label: "Video source",
      defaultValue: "youtube",
      options: [
        { value: "youtube", label: "YouTube" },
        { value: "file", label: "Video file" },
      ],
    },
    {
      kind: "text",
      name: "embedId",
      label: "YouTube Embed ID",
      hint: "The plain hint",
      note: (values) => `Source is ${String(values.sourceType)}`,
      showWhen: (values) => values.sourceType === "youtube",
    },
    {
      kind: "text",
      name: "videoUrl",
      label: "File",
      showWhen: (values) => values.sourceType === "file",
    },
  ];

  function renderSource(defaultValues?: Record<string, unknown>) {
    const Stub = createRoutesStub([
      {
        path: "/admin/loe",
        Component: () => (
          <EntityFormDialog
            open
            onOpenChange={() => {}}
            title="Add Video"
            intent="video:create"
            fields={sourceFields}
            schema={z.object({})}
            defaultValues={defaultValues}
          />
        ),
      },
    ]);
    return renderToStaticMarkup(<Stub initialEntries={["/admin/loe"]} />);
  }

  it("renders the options as radios named by a legend, the default chosen", () => {
    const html = renderSource();
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Video source<\/legend>/);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="youtube"/);
    expect(html).toMatch(/<input type="radio"(?![^>]*checked)[^>]*value="file"/);
    expect(html).toContain('name="embedId"');
    expect(html).not.toContain('name="videoUrl"');
  });

  it("starts from the row's choice, and shows only that choice's fields", () => {
    const html = renderSource({ id: "v1", sourceType: "file" });
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="file"/);
    expect(html).toContain('name="videoUrl"');
    expect(html).not.toContain('name="embedId"');
  });

  it("falls back to the first option for an unknown stored choice", () => {
    expect(renderSource({ id: "v1", sourceType: "vhs" })).toMatch(
      /<input type="radio"[^>]*checked=""[^>]*value="youtube"/,
    );
  });

  it("shows a field's note, worked out from the form's values, in place of its hint", () => {
    const html = renderSource();
    expect(html).toContain("Source is youtube");
    expect(html).not.toContain("The plain hint");
  });
});
