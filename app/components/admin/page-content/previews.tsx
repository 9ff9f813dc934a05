/**
 * Live previews of the page-content list screens: the public components themselves,
 * fed with the unsaved values read the way the public pages read them (description
 * first, then title, then the registry's default).
 */
import type { ContentValues } from "~/components/admin/kit/page-content-editor";
import { SectionHeading } from "~/components/section-heading";
import { ShopHero } from "~/components/shop/shop-hero";
import { SiteFooter } from "~/components/site-footer";
import { resolveContent, type PageContentKey } from "~/domain/page-content";
import { SHOP_HERO_KEYS, SHOP_SECTION_KEYS } from "~/domain/page-content-keys";
import { FOOTER_LINK_KEYS, socialLinksFromContent } from "~/domain/social-links";

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
