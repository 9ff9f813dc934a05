import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/shop-content";
import { PageContentScreen } from "~/components/admin/page-content/page-content-screen";
import { ShopContentPreview } from "~/components/admin/page-content/previews";
import { SHOP_CONTENT_SCREEN } from "~/components/admin/page-content/screens";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import { loadContentScreen } from "~/server/pages/page-content-screens.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadContentScreen(SHOP_CONTENT_SCREEN);
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, { "update-content": updateContentIntent });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function ShopContent({ loaderData }: Route.ComponentProps) {
  return (
    <PageContentScreen
      config={SHOP_CONTENT_SCREEN}
      sections={loaderData.sections}
      toasts={loaderData.toasts}
      previews={{ shop: (values) => <ShopContentPreview values={values} /> }}
    />
  );
}

export const meta: Route.MetaFunction = () => adminMeta("${SHOP_CONTENT_SCREEN.title}");
