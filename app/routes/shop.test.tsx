/**
 * The shop page's states rendered on the server, as a visitor's first HTML: the
 * maintenance page, a normal catalogue (stock notes, disabled Add to Cart, free items,
 * JSON-LD, at most 2 featured tags) and an empty shop, which the seeded browser suite
 * cannot reach.
 */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { toShopProduct } from "~/components/shop/shop-product";
import type { ShopItemForProduct } from "~/domain/shop/catalogue/product";
import ShopPage from "./shop";

type AnyProps = Record<string, unknown>;

function render(loaderData: AnyProps): string {
  const Page = ShopPage as unknown as React.ComponentType<AnyProps>;
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Page params={{}} matches={[]} loaderData={loaderData} /> },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

const item = (overrides: Partial<ShopItemForProduct>): ShopItemForProduct => ({
  id: "id",
  title: "Item",
  description: "About the item.",
  price: 10,
  imageUrl: "/uploads/item.jpg",
  category: "digital_music",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: null,
  isFeatured: false,
  ...overrides,
});

const open = (items: ShopItemForProduct[], featured: ShopItemForProduct[] = []) => ({
  maintenance: false,
  siteUrl: "https://shop.example",
  hero: {
    title: "Official Store",
    description: "Records and more.",
    shipping: "free shipping on orders over $50",
    delivery: "instant digital delivery",
  },
  featuredTitle: "Featured Items",
  featuredDescription: null,
  catalogTitle: "All Products",
  products: items.map(toShopProduct),
  featured: featured.map(toShopProduct),
});

/** The HTML of the catalogue card whose heading is `title`. */
function cardHtml(html: string, title: string): string {
  const start = html.lastIndexOf("<article", html.indexOf(`>${title}</h3>`));
  return html.slice(start, html.indexOf("</article>", start));
}

describe("shop page", () => {
  it("shows the maintenance page with the message, newsletter, contact note and Return to Home", () => {
    const html = render({ maintenance: true, message: "Back after the tour." });
    expect(html).toContain("Shop Under Maintenance");
    expect(html).toContain("Back after the tour.");
    expect(html).toContain('data-testid="newsletter-form"');
    expect(html).toContain("Need help with an order or a download in the meantime?");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>.*Return to Home<\/a>/);
    expect(html).not.toContain("Add to Cart");
  });

  it("shows stock notes and disables Add to Cart when out of stock", () => {
    const html = render(
      open([
        item({ id: "lp", title: "The LP", category: "physical_music", inventoryCount: 0 }),
        item({ id: "cd", title: "The CD", category: "cd", inventoryCount: 3 }),
        item({ id: "tee", title: "The Tee", category: "merchandise", inventoryCount: 42 }),
        item({ id: "tote", title: "The Tote", category: "merchandise", inventoryCount: null }),
      ]),
    );
    const lp = cardHtml(html, "The LP");
    expect(lp).toContain("Out of Stock");
    expect(lp).toMatch(/<button[^>]*disabled=""[^>]*data-testid="add-to-cart"/);
    expect(lp).toContain("https://schema.org/OutOfStock");

    const cd = cardHtml(html, "The CD");
    expect(cd).toContain("Only 3 left in stock");
    expect(cd).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="add-to-cart"/);
    expect(cd).toContain("$10.00");

    expect(cardHtml(html, "The Tee")).not.toContain('data-testid="stock-note"');
    expect(cardHtml(html, "The Tote")).not.toContain('data-testid="stock-note"');
    expect(cardHtml(html, "The Tote")).toContain("https://schema.org/InStock");
  });

  it("offers free content by its link instead of the cart", () => {
    const html = render(
      open([
        item({
          title: "Free Track",
          price: 0,
          category: "free_content",
          bandcampUrl: "https://band.example/track/free",
        }),
      ]),
    );
    const free = cardHtml(html, "Free Track");
    expect(free).toContain(">Free</p>");
    expect(free).toContain('href="https://band.example/track/free"');
    expect(free).toContain("Get it free");
    expect(free).not.toContain("Add to Cart");
  });

  it("puts Product JSON-LD with price, currency and availability on every card", () => {
    const html = render(
      open([item({ id: "a", title: "A", price: 9.5 }), item({ id: "b", title: "B" })]),
    );
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!),
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({
      "@type": "Product",
      name: "A",
      sku: "a",
      image: "https://shop.example/uploads/item.jpg",
      offers: {
        price: "9.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/shop#product-a",
      },
    });
  });

  it("shows at most 2 tags on a featured item", () => {
    const featured = item({ title: "Star", tags: ["one", "two", "three"], isFeatured: true });
    const html = render(open([featured], [featured]));
    expect(html.match(/data-testid="featured-tag"/g)).toHaveLength(2);
    expect(html).not.toContain(">three<");
  });

  it("says so when the shop has nothing to sell, without a featured section", () => {
    const html = render(open([]));
    expect(html).toContain("Official Store");
    expect(html).toContain("Nothing in the shop just yet");
    expect(html).not.toContain('data-testid="featured"');
  });
});
