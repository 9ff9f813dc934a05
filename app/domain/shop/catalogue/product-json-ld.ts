/**
 * Product structured data (schema.org Product with an Offer) for each product on the
 * shop page, so search engines can show price and availability.
 */
import { CURRENCY, ARTIST_NAME } from "../../core/site";
import type { Product } from "./product";

export interface ProductJsonLd {
  "@context": "https://schema.org";
  "@type": "Product";
  name: string;
  image: string;
  description: string;
  sku: string;
  brand: { "@type": "Brand"; name: string };
  offers:
    | {
        "@type": "Offer";
        price: string;
        priceCurrency: string;
        availability: Availability;
        url: string;
        /** A pre-order's release day (issue 24). */
        availabilityStarts?: string;
      }
    | {
        /** Variants at different prices (issue 24): the range, as the card shows it. */
        "@type": "AggregateOffer";
        lowPrice: string;
        highPrice: string;
        offerCount: number;
        priceCurrency: string;
        availability: Availability;
        url: string;
        availabilityStarts?: string;
      };
}

type Availability =
  "https://schema.org/InStock" | "https://schema.org/OutOfStock" | "https://schema.org/PreOrder";

/** The product's anchor on the shop page. */
export const productAnchor = (id: string) => `product-${id}`;

export function productJsonLd(
  product: Pick<Product, "id" | "title" | "image" | "description" | "price" | "inventory"> &
    Partial<Pick<Product, "preorderReleaseDate">> & {
      variants?: readonly { price: number }[];
    },
  siteUrl: string,
): ProductJsonLd {
  const base = siteUrl.replace(/\/+$/, "");
  const availability: Availability = !product.inventory.inStock
    ? "https://schema.org/OutOfStock"
    : product.preorderReleaseDate
      ? "https://schema.org/PreOrder"
      : "https://schema.org/InStock";
  // A pre-order's release day (issue 24).
  const starts = product.preorderReleaseDate
    ? { availabilityStarts: product.preorderReleaseDate }
    : {};
  const url = `${base}/shop#${productAnchor(product.id)}`;
  const prices = (product.variants ?? []).map((v) => v.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const offers: ProductJsonLd["offers"] =
    prices.length && low !== high
      ? {
          "@type": "AggregateOffer",
          lowPrice: low.toFixed(2),
          highPrice: high.toFixed(2),
          offerCount: prices.length,
          priceCurrency: CURRENCY,
          availability,
          url,
          ...starts,
        }
      : {
          "@type": "Offer",
          price: (prices.length ? low : product.price).toFixed(2),
          priceCurrency: CURRENCY,
          availability,
          url,
          ...starts,
        };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image: new URL(product.image, `${base}/`).href,
    description: product.description || product.title,
    sku: product.id,
    brand: { "@type": "Brand", name: ARTIST_NAME },
    offers,
  };
}

/** JSON for an inline <script>: "<" escaped so no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
