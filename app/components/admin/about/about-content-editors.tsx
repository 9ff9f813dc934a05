/**
 * The about screen's Page Content tab: every about key, grouped by the section of the
 * page it fills, each group with a live preview rendered by the public about page's
 * own sections from the unsaved values (and the lists as they are stored).
 */
import {
  AboutCollaborations,
  AboutHero,
  AboutInfluences,
  AboutJourney,
  type AboutContent,
  type AboutContentKey,
  type AboutLists,
  type AboutPageView,
} from "~/components/about/about-sections";
import { aboutPageView } from "~/components/about/about-view";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import {
  PageContentEditor,
  type ContentValues,
  type PageContentEntry,
} from "~/components/admin/kit/page-content-editor";
import { resolveContentEntry, type ContentEntry } from "~/domain/content/page-content/registry";
import { ListMessage } from "./list-message";

export type AboutContentEntry = PageContentEntry & { pageName: AboutContentKey };

interface ContentSection {
  title: string;
  description: string;
  keys: readonly AboutContentKey[];
  preview: (view: AboutPageView) => React.ReactNode;
  /** Said in the preview when the section would not show on the page. */
  hiddenWhen?: (view: AboutPageView) => string | null;
}

const SECTIONS: readonly ContentSection[] = [
  {
    title: "Introduction",
    description:
      "The title and biography at the top of the page (one paragraph per line), the secondary text beside it and the portrait.",
    keys: ["about-hero", "about-hero-secondary", "about-hero-image"],
    preview: (view) => (
      <AboutHero
        content={view.content}
        bio={view.bio}
        portraitAlt={view.portraitAlt}
        imagePriority={false}
      />
    ),
  },
  {
    title: "Journey and milestones",
    description:
      'The story in paragraphs (one per line) and the milestones, one per line, written "2019: What happened".',
    keys: ["about-journey", "about-milestones"],
    preview: (view) => (
      <AboutJourney content={view.content} journey={view.journey} milestones={view.milestones} />
    ),
    hiddenWhen: (view) =>
      view.journey.length === 0 && view.milestones.length === 0
        ? "The section shows once the journey or the milestones have some text."
        : null,
  },
  {
    title: "Influences introduction",
    description:
      "The heading and text above the influences (edit the names in the Influences tab).",
    keys: ["about-influences"],
    preview: (view) => (
      <AboutInfluences content={view.content} influences={view.lists.influences} />
    ),
    hiddenWhen: (view) =>
      view.lists.influences.length === 0
        ? "The section shows once there is at least one influence."
        : null,
  },
  {
    title: "Collaborations introduction",
    description:
      "The heading and text above the collaborations (edit the list in the Collaborations tab).",
    keys: ["about-collaborations"],
    preview: (view) => (
      <AboutCollaborations content={view.content} collaborations={view.lists.collaborations} />
    ),
    hiddenWhen: (view) =>
      view.lists.collaborations.length === 0
        ? "The section shows once there is at least one collaboration."
        : null,
  },
];

/**
 * The about content as the public page would read it: the stored entries, with the
 * values being edited in their place, and the registry's defaults for blanks.
 */
export function contentWithEdits(
  entries: readonly AboutContentEntry[],
  edits: Record<string, ContentValues>,
): AboutContent {
  return Object.fromEntries(
    entries.map((entry) => {
      const values = edits[entry.pageName] ?? entry;
      return [
        entry.pageName,
        resolveContentEntry(entry.pageName, {
          pageName: entry.pageName,
          title: values.title,
          description: values.description,
          paragraphSpacing: values.paragraphSpacing,
        }),
      ];
    }),
  ) as Record<AboutContentKey, ContentEntry> satisfies AboutContent;
}

export function AboutContentEditors({
  entries,
  lists,
  loadFailed,
}: {
  entries: readonly AboutContentEntry[];
  lists: AboutLists;
  loadFailed: string | null;
}) {
  if (loadFailed) return <ListMessage failed>{loadFailed}</ListMessage>;
  return (
    <div className="space-y-14">
      {SECTIONS.map((section) => {
        const own = entries.filter((entry) => section.keys.includes(entry.pageName));
        if (own.length === 0) return null;
        return (
          <AdminSection key={section.title} title={section.title} description={section.description}>
            <PageContentEditor
              entries={own}
              previewPlacement="top"
              preview={(values) => {
                const view = aboutPageView(contentWithEdits(entries, values), lists);
                const hidden = section.hiddenWhen?.(view);
                return hidden ? (
                  <p className="px-6 py-10 text-center text-sm text-muted-foreground">{hidden}</p>
                ) : (
                  // The page at 70% from the lg breakpoint: the whole section in view, in
                  // its desktop layout, with the fields just below.
                  <div className="lg:[zoom:0.7]">{section.preview(view)}</div>
                );
              }}
            />
          </AdminSection>
        );
      })}
    </div>
  );
}
