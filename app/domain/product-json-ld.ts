/**
 * Product structured data (schema.org Product with an Offer) for each product on the
 * shop page, so search engines can show price and availability.
 */
import { CURRENCY, ARTIST_NAME } from "./site";
import type { Product } from "./product";

export interface ProductJsonLd {
  "@context": "https://schema.org";
  "@type": "Product";
  name: string;
  image: string;
  description: string;
  sku: string;
  brand: { "@type": "Brand"; name: string };
  offers: {
    "@type": "Offer";
    price: string;
    priceCurrency: string;
    availability: "https://schema.org/InStock" | "https://schema.org/OutOfStock";
    url: string;
  };
}

/** The product's anchor on the shop page. */
export const productAnchor = (id: string) => `product-${id}`;

export function productJsonLd(
  product: Pick<Product, "id" | "title" | "image" | "description" | "price" | "inventory">,
  siteUrl: string,
): ProductJsonLd {
  const base = siteUrl.replace(/\/+$/, "");
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image: new URL(product.image, `${base}/`).href,
    description: product.description || product.title,
    sku: product.id,
    brand: { "@type": "Brand", name: ARTIST_NAME },
    offers: {
      "@type": "Offer",
      price: product.price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: product.inventory.inStock
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      url: `${base}/shop#${productAnchor(product.id)}`,
    },
  };
}

/** JSON for an inline <script>: "<" escaped so no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
