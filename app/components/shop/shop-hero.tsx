import { Download, Truck } from "lucide-react";
import { PageHero } from "~/components/page-hero";

export interface ShopHeroProps {
  title: string;
  description: string | null;
  shipping: string;
  delivery: string;
}

/** The shop's hero: title, description and the shipping and delivery notes. */
export function ShopHero({ title, description, shipping, delivery }: ShopHeroProps) {
  return (
    <PageHero title={title} description={description} eyebrow="Shop">
      <ul className="animate-fade-in mt-8 flex flex-wrap items-center justify-center gap-3 text-sm">
        <li className="inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/5 px-4 py-2 text-foreground/90">
          <Truck aria-hidden className="size-4 text-primary" />
          <span data-testid="shop-shipping">{shipping}</span>
        </li>
        <li className="inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/5 px-4 py-2 text-foreground/90">
          <Download aria-hidden className="size-4 text-primary" />
          <span data-testid="shop-delivery">{delivery}</span>
        </li>
      </ul>
    </PageHero>
  );
}
