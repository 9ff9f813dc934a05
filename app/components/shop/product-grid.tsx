import { useId } from "react";
import { PackageOpen } from "lucide-react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { ProductCard } from "./product-card";
import type { ShopProduct } from "./shop-product";

/** The catalogue: 1 column, 2 from md, 3 from lg, titled by shop-catalog-title. */
export function ProductGrid({
  title,
  items,
  siteUrl,
}: {
  title: string;
  items: ShopProduct[];
  siteUrl: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="border-t border-border/50 py-16 sm:py-20"
      data-testid="catalogue"
    >
      <div className="mx-auto w-full max-w-6xl px-5 sm:px-8">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-primary">Catalogue</p>
        <h2 id={headingId} className="mt-3 text-3xl sm:text-4xl">
          {title}
        </h2>
        {items.length === 0 ? (
          <div className="mt-10 flex flex-col items-center rounded-3xl border border-dashed border-border px-6 py-16 text-center">
            <PackageOpen aria-hidden className="size-10 text-primary" />
            <p className="mt-4 font-display text-xl">Nothing in the shop just yet</p>
            <p className="mt-2 text-muted-foreground">New music and merchandise are on the way.</p>
          </div>
        ) : (
          <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 lg:gap-8">
            {items.map((item) => (
              <HydrateLater key={item.product.id}>
                <ProductCard item={item} siteUrl={siteUrl} />
              </HydrateLater>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
