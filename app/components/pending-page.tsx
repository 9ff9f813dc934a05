import { PageSkeleton } from "~/components/page-skeletons";
import { ShopSkeleton } from "~/components/shop/shop-skeleton";

/** What stands in for the next page while its data loads (spec §2): its skeleton. */
export default function PendingPage({ pathname }: { pathname: string }) {
  return pathname === "/shop" ? <ShopSkeleton /> : <PageSkeleton pathname={pathname} />;
}
