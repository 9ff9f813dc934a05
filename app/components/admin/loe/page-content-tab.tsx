/**
 * The LOE screen's Page Content tab: the contact banner's template, and the page
 * header (key `loe`: title, description, paragraph spacing) with a live preview drawn
 * by the public page's own hero.
 */
import { RotateCcw } from "lucide-react";
import { useRevalidator } from "react-router";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { PageContentEditor } from "~/components/admin/kit/page-content-editor";
import { LoeHero } from "~/components/loe/loe-hero";
import { Button } from "~/components/ui/button";
import {
  DEFAULT_PARAGRAPH_SPACING,
  PARAGRAPH_SPACINGS,
  type ParagraphSpacing,
  splitParagraphs,
} from "~/domain/content/page-content/registry";
import { BannerEditor } from "./banner-editor";
import { LOE_INTENTS } from "./loe-admin";
import type { LoeContent } from "./types";

const spacingOf = (value: string | null): ParagraphSpacing =>
  (PARAGRAPH_SPACINGS as readonly string[]).includes(value ?? "")
    ? (value as ParagraphSpacing)
    : DEFAULT_PARAGRAPH_SPACING;

export function LoePageContentTab({
  content,
}: {
  content: { data: LoeContent; loadFailed: null } | { data: null; loadFailed: string };
}) {
  if (content.loadFailed !== null) return <LoadFailed message={content.loadFailed} />;
  const { header, bannerTemplate, contactEmail } = content.data;
  return (
    <div className="space-y-14">
      <AdminSection
        title="Contact banner"
        description="The band of scrolling text under the LOE header; it links to the contact page."
      >
        <BannerEditor template={bannerTemplate} contactEmail={contactEmail} />
      </AdminSection>
      <AdminSection
        title="Page header"
        description="The LOE page's title and introduction, with the space between its paragraphs."
      >
        <PageContentEditor
          entries={[header]}
          intent={LOE_INTENTS.content}
          preview={(values) => {
            const loe = values[header.pageName];
            return (
              <LoeHero
                title={loe?.title ?? ""}
                paragraphs={splitParagraphs(loe?.description)}
                paragraphSpacing={spacingOf(loe?.paragraphSpacing ?? null)}
              />
            );
          }}
        />
      </AdminSection>
    </div>
  );
}

function LoadFailed({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-destructive/40 bg-destructive/5 px-6 py-12 text-center">
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={revalidator.state !== "idle"}
        onClick={() => void revalidator.revalidate()}
      >
        <RotateCcw aria-hidden /> Try again
      </Button>
    </div>
  );
}
