import { useId } from "react";
import { ExternalLink, ShoppingBag } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatPrice } from "~/domain/core/money";
import type { Product } from "~/domain/shop/catalogue/product";
import { preorderLabel } from "~/domain/shop/catalogue/preorder";
import {
  productAnchor,
  productJsonLd,
  serializeJsonLd,
} from "~/domain/shop/catalogue/product-json-ld";
import { isOutOfStock, lowStockCount } from "~/domain/shop/stock/stock";
import { cn } from "~/lib/cn";
import { addToCartWithFeedback } from "~/components/cart/cart-toasts";
import { preloadCartUi } from "~/components/cart/cart-drawer-host";
import { categoryLabel, formatsLabel } from "./labels";
import { ProductImage } from "./product-image";
import { NameYourPriceBuy, nameYourPriceLabel } from "./name-your-price-buy";
import type { ShopProduct } from "./shop-product";
import { VariantBuy, variantPriceRange } from "./variant-buy";

function stockSource(product: Product) {
  return {
    category: product.sourceCategory,
    inventoryCount: product.inventory.hasTracking ? product.inventory.currentStock : null,
  };
}

export function ProductPrice({ product, className }: { product: Product; className?: string }) {
  return (
    <p
      className={cn("font-display text-2xl font-semibold text-primary tabular-nums", className)}
      data-testid="product-price"
    >
      {product.nameYourPrice
        ? nameYourPriceLabel(product.nameYourPrice)
        : product.options.length
          ? variantPriceRange(product)
          : product.price > 0
            ? formatPrice(product.price)
            : "Free"}
    </p>
  );
}

/** The buy button: Add to Cart, disabled when out of stock; free content links out. */
export function BuyButton({
  item,
  describedBy,
  className,
}: {
  item: ShopProduct;
  describedBy?: string;
  className?: string;
}) {
  const { product, freeUrl } = item;
  if (product.nameYourPrice) {
    return (
      <NameYourPriceBuy
        product={product}
        terms={product.nameYourPrice}
        freeUrl={freeUrl}
        describedBy={describedBy}
        className={className}
      />
    );
  }
  if (product.options.length) {
    return <VariantBuy product={product} describedBy={describedBy} className={className} />;
  }
  if (product.price <= 0) {
    return freeUrl ? (
      <a
        href={freeUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={describedBy}
        className={buttonVariants({ variant: "outline", className })}
      >
        Get it free <ExternalLink aria-hidden />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : null;
  }
  const outOfStock = isOutOfStock(stockSource(product));
  return (
    <Button
      className={cn(
        outOfStock && "bg-muted text-muted-foreground shadow-none disabled:opacity-80",
        className,
      )}
      disabled={outOfStock}
      aria-describedby={describedBy}
      onClick={() => addToCartWithFeedback(product)}
      onPointerEnter={preloadCartUi}
      onFocus={preloadCartUi}
      data-testid="add-to-cart"
    >
      <ShoppingBag aria-hidden /> Add to Cart
    </Button>
  );
}

export function StockNote({ product }: { product: Product }) {
  const source = stockSource(product);
  if (isOutOfStock(source)) {
    return (
      <p
        className="inline-flex items-center gap-2 text-sm font-semibold text-foreground"
        data-testid="stock-note"
      >
        <span aria-hidden className="size-2 rounded-full bg-destructive" />
        Out of Stock
      </p>
    );
  }
  const low = lowStockCount(source);
  return low !== null ? (
    <p className="text-sm font-medium text-secondary" data-testid="stock-note">
      Only {low} left in stock
    </p>
  ) : null;
}

/** A product in the catalogue grid, with its Product JSON-LD. */
export function ProductCard({
  item,
  siteUrl,
  priority = false,
}: {
  item: ShopProduct;
  siteUrl: string;
  priority?: boolean;
}) {
  const { product } = item;
  const titleId = useId();
  const outOfStock = isOutOfStock(stockSource(product));
  const category = categoryLabel(product.sourceCategory);
  const formats = formatsLabel(product);

  return (
    <article
      id={productAnchor(product.id)}
      aria-labelledby={titleId}
      data-testid="product-card"
      data-product-id={product.id}
      className="group flex flex-col overflow-hidden rounded-3xl border border-border/70 bg-card shadow-lg shadow-black/20 transition-[border-color,box-shadow] duration-300 hover:border-primary/50 hover:shadow-primary/10"
    >
      <div className="relative">
        <ProductImage
          src={product.image}
          alt={product.title}
          priority={priority}
          className={cn(outOfStock && "opacity-60 grayscale-[35%]")}
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-primary">
          {category}
          {formats !== category && (
            <span className="font-normal normal-case tracking-normal text-muted-foreground">
              {" "}
              · <span data-testid="product-formats">{formats}</span>
            </span>
          )}
        </p>
        <h3 id={titleId} className="mt-3 text-xl leading-snug text-foreground sm:text-[1.4rem]">
          {product.title}
        </h3>
        {product.description && (
          <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {product.description}
          </p>
        )}
        {product.preorderReleaseDate && (
          <p className="mt-3 text-sm font-semibold text-secondary" data-testid="preorder-label">
            {preorderLabel(product.preorderReleaseDate)}
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-4 pt-6">
          <ProductPrice product={product} />
          <StockNote product={product} />
        </div>
        <BuyButton item={item} describedBy={titleId} className="mt-5 w-full" />
      </div>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, siteUrl)) }}
      />
    </article>
  );
}
