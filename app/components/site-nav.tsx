import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Menu, ShoppingBag, X } from "lucide-react";
import { cn } from "~/lib/cn";
import { NAV_LINKS, cartBadgeLabel } from "~/domain/core/site";
import { useCartCount } from "~/lib/cart-count";
import { preloadCartUi } from "~/components/cart/cart-drawer-host";

/** Scroll distance after which the bar turns more opaque (public-site spec §9). */
export const NAV_OPAQUE_AFTER_PX = 100;

export interface SiteNavProps {
  homeHref: string;
  showCart: boolean;
  onCartClick?: () => void;
}

export function SiteNav({ homeHref, showCart, onCartClick }: SiteNavProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  const cartCount = useCartCount();
  const badge = cartBadgeLabel(cartCount);

  // The mobile menu closes whenever the route changes.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_OPAQUE_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const links = NAV_LINKS.map((link) => (link.to === "/" ? { ...link, to: homeHref } : link));

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "fixed inset-x-0 top-0 z-50 border-b transition-colors duration-300",
        scrolled || menuOpen
          ? "border-border/60 bg-background/95 shadow-lg shadow-black/30 backdrop-blur-md"
          : "border-transparent bg-background/40 backdrop-blur-sm",
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5 sm:px-8"
      >
        <Link
          to={homeHref}
          className="font-display text-xl tracking-wide text-foreground sm:text-2xl"
        >
          <span className="text-primary">Silas</span> Lowenthorne
          <span className="sr-only"> – home</span>
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.label}>
              <NavLink
                to={link.to}
                end={link.to === "/" || link.to === "/home"}
                className={({ isActive }) =>
                  cn(
                    "nav-link",
                    isActive ? "text-primary" : "text-foreground/80 hover:text-primary",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          {showCart && (
            <button
              type="button"
              onClick={onCartClick}
              onPointerEnter={preloadCartUi}
              onFocus={preloadCartUi}
              className="relative inline-flex size-10 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted hover:text-primary"
              aria-label={badge ? `Open cart, ${cartCount} items` : "Open cart"}
              data-testid="cart-button"
            >
              <ShoppingBag aria-hidden className="size-5" />
              {badge && (
                <span
                  data-testid="cart-badge"
                  className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] font-bold leading-5 text-primary-foreground"
                >
                  {badge}
                </span>
              )}
            </button>
          )}
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-muted md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden className="size-5" />
            ) : (
              <Menu aria-hidden className="size-5" />
            )}
          </button>
        </div>
      </nav>

      {menuOpen && (
        <ul id="mobile-menu" className="border-t border-border/60 px-5 pb-6 pt-2 md:hidden">
          {links.map((link) => (
            <li key={link.label}>
              <NavLink
                to={link.to}
                end={link.to === "/" || link.to === "/home"}
                className={({ isActive }) =>
                  cn(
                    "block rounded-lg px-3 py-3 font-display text-lg",
                    isActive ? "text-primary" : "text-foreground hover:text-primary",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
