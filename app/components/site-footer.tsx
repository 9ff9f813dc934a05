import { Suspense } from "react";
import { Await, Link } from "react-router";
import { Facebook, Instagram, Music2, Radio, Twitter } from "lucide-react";
import { SITE_NAME, SITE_TAGLINE, SITE_TAGLINE_SHORT } from "~/domain/core/site";
import type { FooterLinkKey, SocialLink } from "~/domain/content/page-content/social-links";

const ICONS: Record<FooterLinkKey, typeof Instagram> = {
  "footer-instagram-url": Instagram,
  "footer-facebook-url": Facebook,
  "footer-twitter-url": Twitter,
  "footer-soundcloud-url": Radio,
  "footer-bandcamp-url": Music2,
};

function SocialLinks({ links }: { links: SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Social links">
      {links.map((link) => {
        const Icon = ICONS[link.key];
        return (
          <li key={link.key}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="social-link"
              aria-label={link.label}
            >
              <Icon aria-hidden className="size-4" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function FooterFrame({ tagline, children }: { tagline: string; children: React.ReactNode }) {
  return (
    <footer className="border-t border-border/60 bg-card/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-8 md:grid-cols-[2fr_1fr]">
        <div>
          <p className="font-display text-2xl">
            <span className="text-primary">Silas</span> Lowenthorne
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{tagline}</p>
          <nav
            aria-label="Footer"
            className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-foreground/80"
          >
            <Link to="/events" className="hover:text-primary">
              Events
            </Link>
            <Link to="/shop" className="hover:text-primary">
              Shop
            </Link>
            <Link to="/contact" className="hover:text-primary">
              Contact
            </Link>
            <Link to="/privacy" className="hover:text-primary">
              Privacy
            </Link>
          </nav>
        </div>
        <div className="md:justify-self-end">{children}</div>
      </div>
      <p className="border-t border-border/40 px-5 py-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}

export function SiteFooter({ socialLinks }: { socialLinks: Promise<SocialLink[]> | SocialLink[] }) {
  return (
    <Suspense
      fallback={
        <FooterFrame tagline={SITE_TAGLINE_SHORT}>
          <p className="text-sm text-muted-foreground">Loading social links...</p>
        </FooterFrame>
      }
    >
      <Await
        resolve={socialLinks}
        errorElement={<FooterFrame tagline={SITE_TAGLINE}>{null}</FooterFrame>}
      >
        {(links) => (
          <FooterFrame tagline={SITE_TAGLINE}>
            <SocialLinks links={links} />
          </FooterFrame>
        )}
      </Await>
    </Suspense>
  );
}
