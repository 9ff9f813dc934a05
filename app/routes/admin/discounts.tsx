/**
 * Discount codes (issue 23): the codes fans type in the cart, made and changed here,
 * each with its paid uses and the revenue it brought. Dates are days of the site's
 * time zone (docs/decisions/032-fan-pricing.md).
 */
import { useMemo } from "react";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/discounts";
import { CollectionScreen } from "~/components/admin/kit/collection-screen";
import {
  discountsScreen,
  type DiscountCodeRow,
} from "~/components/admin/discounts/discounts-screen";
import {
  DISCOUNT_CODE_TEXT,
  discountCodeCreateSchema,
  discountCodeDays,
  discountCodeUpdateSchema,
  discountCodeValues,
} from "~/domain/shop/discounts/discount-code-form";
import { adminMeta } from "~/domain/pages/seo";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { collectionIntents, loadCollectionScreen } from "~/server/admin/collection-screen.server";
import { getEnv } from "~/server/core/env.server";
import { getDb } from "~/server/db/database.server";
import {
  discountCodeService,
  readDiscountCodeRows,
  readDiscountItemChoices,
  refuseDuplicateCode,
  type DiscountCodeAdminRow,
} from "~/server/shop/discount-code-admin.server";

function toRow(row: DiscountCodeAdminRow): DiscountCodeRow {
  const timeZone = getEnv().SITE_TIME_ZONE;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === "fixed" ? "fixed" : "percent",
    amount: row.amount,
    itemIds: row.itemIds,
    minimumOrder: row.minimumOrder,
    ...discountCodeDays(row, timeZone),
    maxUses: row.maxUses,
    usesTaken: row.usesTaken,
    oncePerEmail: row.oncePerEmail,
    uses: row.uses,
    revenue: row.revenue,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const screen = await loadCollectionScreen(
    request,
    { listAll: readDiscountCodeRows },
    toRow,
    DISCOUNT_CODE_TEXT,
  );
  const items = await readDiscountItemChoices(getDb()).catch(() => []);
  return { ...screen, items };
}

export const action = ({ request }: Route.ActionArgs) => {
  const timeZone = getEnv().SITE_TIME_ZONE;
  return handleAdminAction(
    request,
    collectionIntents(discountCodeService, {
      texts: DISCOUNT_CODE_TEXT,
      name: (row) => row.code,
      create: {
        schema: discountCodeCreateSchema,
        values: (input) => discountCodeValues(input, timeZone),
      },
      update: {
        schema: discountCodeUpdateSchema,
        values: (input) => discountCodeValues(input, timeZone),
      },
      aroundSave: (_mode, save) => refuseDuplicateCode(save),
    }),
  );
};

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Discounts({ loaderData }: Route.ComponentProps) {
  const screen = useMemo(() => discountsScreen(loaderData.items), [loaderData.items]);
  return (
    <CollectionScreen
      screen={screen}
      list={loaderData}
      schemas={{ create: discountCodeCreateSchema, update: discountCodeUpdateSchema }}
    />
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Discount Codes");
