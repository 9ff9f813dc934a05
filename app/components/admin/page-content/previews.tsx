/**
 * Live previews of the page-content list screens: the public components themselves,
 * fed with the unsaved values read the way the public pages read them (description
 * first, then title, then the registry's default).
 */
import { AboutPageSections, type AboutLists } from "~/components/about/about-sections";
import { aboutPageView } from "~/components/about/about-view";
import {
  contentWithEdits,
  type AboutContentEntry,
} from "~/components/admin/about/about-content-editors";
import {
  CtaPreview,
  GalleryPreview,
  HeroPreview,
  TestimonialPreview,
  VideosPreview,
} from "~/components/admin/home/home-previews";
import type { ContentValues, PageContentEntry } from "~/components/admin/kit/page-content-editor";
import { ContactHero, ContactInformation } from "~/components/contact/contact-sections";
import type { HomeVideo } from "~/components/home/featured-videos";
import type { HomePhoto } from "~/components/home/photo-gallery";
import { ContactBanner, bannerText } from "~/components/loe/contact-banner";
import { LoeHero } from "~/components/loe/loe-hero";
import { PageHero } from "~/components/page-hero";
import { SectionHeading } from "~/components/section-heading";
import { ShopHero } from "~/components/shop/shop-hero";
import { SiteFooter } from "~/components/site-footer";
import { Container } from "~/components/ui/container";
import {
  contentKeysOfGroup,
  resolveContent,
  resolveContentEntry,
  splitParagraphs,
  type ContentGroup,
  type PageContentKey,
} from "~/domain/content/page-content/registry";
import {
  CONTACT_PAGE_KEYS,
  EVENTS_PAGE_EYEBROW,
  EVENTS_PAGE_KEYS,
  MEDIA_PAGE_EYEBROW,
  MEDIA_PAGE_KEY,
  SHOP_HERO_KEYS,
  SHOP_SECTION_KEYS,
} from "~/domain/content/page-content/keys";
import {
  FOOTER_LINK_KEYS,
  socialLinksFromContent,
} from "~/domain/content/page-content/social-links";

/** The editor's values as the content service would resolve them once saved. */
function resolveValues<K extends PageContentKey>(
  keys: readonly K[],
  values: Record<string, ContentValues>,
) {
  return resolveContent(
    keys,
    Object.entries(values).map(([pageName, v]) => ({ pageName, ...v })),
  );
}

export function ShopContentPreview({ values }: { values: Record<string, ContentValues> }) {
  const content = resolveValues([...SHOP_HERO_KEYS, ...SHOP_SECTION_KEYS], values);
  return (
    <div>
      <ShopHero
        title={content["shop-hero-title"].value}
        description={content["shop-hero-description"].value}
        shipping={content["shop-hero-shipping"].value}
        delivery={content["shop-hero-delivery"].value}
      />
      <div className="space-y-2 px-5 py-12 sm:px-8">
        <SectionHeading
          title={content["shop-featured-title"].value}
          description={content["shop-featured-description"].value}
        />
        <SectionHeading title={content["shop-catalog-title"].value} className="mb-0 sm:mb-0" />
      </div>
    </div>
  );
}

export function FooterLinksPreview({ values }: { values: Record<string, ContentValues> }) {
  return (
    <SiteFooter socialLinks={socialLinksFromContent(resolveValues(FOOTER_LINK_KEYS, values))} />
  );
}

export function ContactContentPreview({ values }: { values: Record<string, ContentValues> }) {
  const content = resolveValues(CONTACT_PAGE_KEYS, values);
  return (
    <div>
      <ContactHero content={content} />
      <section className="py-16 sm:py-24">
        <Container className="max-w-2xl">
          <ContactInformation content={content} />
        </Container>
      </section>
    </div>
  );
}

function EventsContentPreview({ values }: { values: Record<string, ContentValues> }) {
  const content = resolveValues(EVENTS_PAGE_KEYS, values);
  return (
    <div>
      <PageHero
        eyebrow={EVENTS_PAGE_EYEBROW}
        title={content["events-hero-title"].value}
        description={content["events-hero-description"].description}
      />
      {/* The lists are the events screen's: here only the headings above them. */}
      <Container className="space-y-12 py-16">
        <SectionHeading title={content["events-upcoming-title"].title} className="mb-0 sm:mb-0" />
        <SectionHeading
          eyebrow="Archive"
          title={content["events-past-title"].title}
          className="mb-0 sm:mb-0"
        />
      </Container>
    </div>
  );
}

function MediaContentPreview({ values }: { values: Record<string, ContentValues> }) {
  const header = resolveValues([MEDIA_PAGE_KEY], values)[MEDIA_PAGE_KEY];
  return (
    <PageHero eyebrow={MEDIA_PAGE_EYEBROW} title={header.title} description={header.description} />
  );
}

function LoeContentPreview({
  values,
  contactEmail,
}: {
  values: Record<string, ContentValues>;
  contactEmail: string;
}) {
  const content = resolveValues(["loe", "loe-banner-text"], values);
  return (
    <div>
      <LoeHero
        title={content.loe.title}
        paragraphs={splitParagraphs(content.loe.description)}
        paragraphSpacing={content.loe.paragraphSpacing}
      />
      <ContactBanner text={bannerText(content["loe-banner-text"].value, contactEmail)} />
    </div>
  );
}

/** The lists the previews of /admin/page-content show as visitors see them now (null: not read). */
export interface PreviewLists {
  videos: readonly HomeVideo[] | null;
  photos: readonly HomePhoto[] | null;
  about: AboutLists | null;
}

const NO_ABOUT_LISTS: AboutLists = { influences: [], collaborations: [], stats: [] };

/**
 * A live preview for every group of /admin/page-content: the public page's own
 * sections with the texts being typed (docs/decisions/031). `entries` are the stored
 * texts of every group (a preview may need another group's text, as the LOE banner
 * needs the contact e-mail).
 */
export function pageContentPreviews(
  entries: readonly PageContentEntry[],
  lists: PreviewLists,
): Record<ContentGroup, (values: Record<string, ContentValues>) => React.ReactNode> {
  const stored = (key: PageContentKey) =>
    resolveContentEntry(
      key,
      entries.find((entry) => entry.pageName === key),
    );
  const aboutEntries = entries.filter((entry) =>
    contentKeysOfGroup("about").includes(entry.pageName as PageContentKey),
  ) as AboutContentEntry[];
  return {
    home: (values) => (
      <div>
        <HeroPreview values={values} storedImageUrl={stored("home-hero-image").value} />
        <VideosPreview values={values} videos={lists.videos} />
        <GalleryPreview values={values} photos={lists.photos} />
        <TestimonialPreview values={values} />
        <CtaPreview values={values} />
      </div>
    ),
    about: (values) => (
      <div className="lg:[zoom:0.7]">
        <AboutPageSections
          view={aboutPageView(
            contentWithEdits(aboutEntries, values),
            lists.about ?? NO_ABOUT_LISTS,
          )}
        />
      </div>
    ),
    media: (values) => <MediaContentPreview values={values} />,
    loe: (values) => (
      <LoeContentPreview values={values} contactEmail={stored("contact-email").value} />
    ),
    events: (values) => <EventsContentPreview values={values} />,
    shop: (values) => <ShopContentPreview values={values} />,
    contact: (values) => <ContactContentPreview values={values} />,
    footer: (values) => <FooterLinksPreview values={values} />,
  };
}
