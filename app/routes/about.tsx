import type { Route } from "./+types/about";
import { AboutPageSections } from "~/components/about/about-sections";
import { aboutPageView } from "~/components/about/about-view";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { artistJsonLd, jsonLdMeta, pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import {
  FOOTER_LINK_KEYS,
  socialLinksFromContent,
} from "~/domain/content/page-content/social-links";
import { publicPageHeaders } from "~/lib/http-cache";
import { loadPageContent } from "~/server/pages/public-pages.server";
import { orNull } from "~/server/core/settle.server";
import { loadAboutLists } from "~/server/content/about-lists.server";
import { ABOUT_PAGE_KEYS } from "~/domain/content/page-content/keys";

export async function loader() {
  const [content, lists, footer] = await Promise.all([
    loadPageContent(ABOUT_PAGE_KEYS),
    orNull(loadAboutLists(), "about lists"),
    orNull(loadPageContent(FOOTER_LINK_KEYS), "footer links"),
  ]);
  // Text is split here, on the server, so the content registry stays out of the browser.
  return {
    ...aboutPageView(content, lists ?? { influences: [], collaborations: [], stats: [] }),
    sameAs: footer ? socialLinksFromContent(footer).map((l) => l.url) : [],
  };
}

export const headers = publicPageHeaders;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <AboutPageSections view={loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteMetaData(matches);
  if (!loaderData) return [{ title: pageTitle("About") }];
  const { content, sameAs } = loaderData;
  const bio = loaderData.bio[0] ?? null;
  return [
    ...seoMeta({
      siteUrl: site.siteUrl,
      title: pageTitle(content["about-hero"].title),
      description: bio ?? content["about-hero-secondary"].description,
      path: "/about",
      image: content["about-hero-image"].value,
      imageAlt: content["about-hero-image"].title,
      type: "profile",
    }),
    ...jsonLdMeta([
      artistJsonLd({
        siteUrl: site.siteUrl,
        description: bio,
        image: content["about-hero-image"].value,
        sameAs,
      }),
    ]),
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
