/**
 * Manage shop (admin spec §2 "/admin/shop"): the test-inventory panel, the items in
 * order_index order with up/down buttons, and the add/edit dialog with every field of
 * shop_items, the download settings and the server's image URL check.
 */
import { useMemo } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/shop";
import { CollectionScreen } from "~/components/admin/kit/collection-screen";
import { CHECK_IMAGE_INTENT } from "~/components/admin/shop/image-url-status";
import { shopScreenFor, type ShopItemRow } from "~/components/admin/shop/shop-screen";
import {
  CREATE_TEST_ITEM_INTENT,
  DELETE_TEST_ITEMS_INTENT,
  TestInventoryPanel,
} from "~/components/admin/shop/test-inventory-panel";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import { adminMeta } from "~/domain/pages/seo";
import { attentionStock, matchesStockFilter, parseStockFilter } from "~/domain/shop/stock/stock";
import {
  SHOP_ITEM_TEXT,
  TEST_ITEM_CLEANUP_TOAST_MS,
  canBeDigitalTwin,
  TEST_ITEM_TOAST_MS,
  imageUrlCheckSchema,
  noInputSchema,
  shopItemCreateSchema,
  shopItemFlagSchema,
  shopItemUpdateSchema,
  showsDownloadSettings,
  withoutDownloadSettings,
} from "~/domain/shop/catalogue/shop-item-form";
import { buyersToldDescription } from "~/domain/shop/catalogue/preorder";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { paidPreorderCounts } from "~/server/shop/preorders.server";
import { getDb } from "~/server/db/database.server";
import { collectionIntents, loadCollectionScreen } from "~/server/admin/collection-screen.server";
import { checkImageUrl } from "~/server/http/image-url-check.server";
import {
  createShopItem,
  createTestShopItem,
  deleteTestShopItems,
  shopItemService,
  updateShopItem,
  withShopSaveErrors,
} from "~/server/shop/shop-items.server";
import { withItemVariants } from "~/server/shop/variants.server";

/** Every product, or those a dashboard stock figure counts (?stock=low, ?stock=out). */
export async function loader({ request }: Route.LoaderArgs) {
  const stock = parseStockFilter(new URL(request.url).searchParams.get("stock"));
  const loaded = await loadCollectionScreen(
    request,
    shopItemService,
    toShopItemRow,
    SHOP_ITEM_TEXT,
  );
  const preorders = loaded.loadFailed
    ? new Map<string, number>()
    : await paidPreorderCounts(getDb());
  // An item with options shows (and is filtered by) its variants' total stock; and
  // (issue 24) the paid pre-orders still waiting for each item's release day.
  const list = {
    ...loaded,
    rows: (await withItemVariants(getDb(), loaded.rows)).map((row) => ({
      ...row,
      preorderCount: preorders.get(row.id) ?? 0,
    })),
  };
  const rows = stock
    ? list.rows.filter((row) => matchesStockFilter(attentionStock(row, row.variantRows), stock))
    : list.rows;
  const twins = list.rows.filter(canBeDigitalTwin).map(({ id, title }) => ({ id, title }));
  return { ...list, rows, stock, twins };
}

/** A stored item as the screen shows it (no timestamps over the wire). */
function toShopItemRow(
  item: Omit<ShopItemRow, "nameYourPrice" | "variantRows" | "options" | "preorderCount"> & {
    options?: ShopItemRow["options"];
  },
): ShopItemRow {
  const { id, title, description, category, format, price, imageUrl, pdfFileUrl } = item;
  const { minimumPrice } = item;
  const { bandcampUrl, externalUrl, tags, isVisible, isFeatured, inventoryCount } = item;
  const { downloadLimit, downloadExpiryDays, orderIndex, purchaseCount, digitalTwinId } = item;
  const { releaseDate } = item;
  return {
    ...{ id, title, description, category, format, price, imageUrl, pdfFileUrl },
    ...{ bandcampUrl, externalUrl, tags, isVisible, isFeatured, inventoryCount },
    ...{ downloadLimit, downloadExpiryDays, orderIndex, purchaseCount, digitalTwinId },
    ...{ minimumPrice, nameYourPrice: minimumPrice !== null },
    options: item.options ?? [],
    variantRows: [],
    ...{ releaseDate, preorderCount: 0 },
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    ...collectionIntents(shopItemService, {
      texts: { ...SHOP_ITEM_TEXT, saveFailed: SHOP_ITEM_TEXT.saveFailedTitle },
      name: (row) => row.title,
      flags: shopItemFlagSchema,
      reorder: true,
      aroundSave: withShopSaveErrors,
    }),
    // A save checks the digital twin it names (shop-items.server.ts).
    create: intent({
      schema: shopItemCreateSchema,
      run: ({ db, actor, input }) =>
        withShopSaveErrors("create", () => createShopItem(db, actor, input)),
      success: (row) => ({ title: SHOP_ITEM_TEXT.created, description: row.title }),
      failure: SHOP_ITEM_TEXT.saveFailedTitle,
    }),
    // An update checks the stock the screen showed, and keeps the download settings when
    // their panel was not on screen (they were not posted).
    update: intent({
      schema: shopItemUpdateSchema,
      run: ({ db, actor, input: { id, inventoryCountSeen, ...values } }) =>
        withShopSaveErrors("update", () =>
          updateShopItem(
            db,
            actor,
            id,
            showsDownloadSettings(values) ? values : withoutDownloadSettings(values),
            inventoryCountSeen,
          ),
        ),
      success: (row) => ({
        title: SHOP_ITEM_TEXT.updated,
        description: buyersToldDescription(row.title, row.buyersTold),
      }),
      failure: SHOP_ITEM_TEXT.saveFailedTitle,
    }),
    [CHECK_IMAGE_INTENT]: intent({
      schema: imageUrlCheckSchema,
      run: async ({ input }) => ({ url: input.url, ok: (await checkImageUrl(input.url)).ok }),
      success: (result) => ({
        title: result.ok ? SHOP_ITEM_TEXT.imageProbeOk : SHOP_ITEM_TEXT.imageProbeFailed,
      }),
      failure: SHOP_ITEM_TEXT.imageProbeFailed,
    }),
    [CREATE_TEST_ITEM_INTENT]: intent({
      schema: noInputSchema,
      run: ({ db, actor }) => createTestShopItem(db, actor),
      success: (row) => ({ title: SHOP_ITEM_TEXT.testItemCreated, description: row.title }),
      failure: SHOP_ITEM_TEXT.testItemCreateFailed,
      toastMs: TEST_ITEM_TOAST_MS,
    }),
    [DELETE_TEST_ITEMS_INTENT]: intent({
      schema: noInputSchema,
      run: ({ db, actor }) => deleteTestShopItems(db, actor),
      success: (count) => ({
        title: SHOP_ITEM_TEXT.testItemsDeleted,
        description: `${count} test item(s) deleted`,
      }),
      failure: SHOP_ITEM_TEXT.testItemDeleteFailed,
      toastMs: TEST_ITEM_CLEANUP_TOAST_MS,
    }),
  });
}

/** The image check reads nothing new: no reload of the list after it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.formData?.get(INTENT_FIELD) === CHECK_IMAGE_INTENT) return false;
  return revalidateUnlessConnectionFailed(args);
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);

export default function ManageShop({ loaderData }: Route.ComponentProps) {
  const { stock, twins } = loaderData;
  // A new screen only when the choices change: the open dialog keeps its state.
  const twinKey = twins.map((t) => `${t.id}:${t.title}`).join("|");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const screen = useMemo(() => shopScreenFor(stock, twins), [stock, twinKey]);
  return (
    <CollectionScreen
      screen={screen}
      list={loaderData}
      schemas={{ create: shopItemCreateSchema, update: shopItemUpdateSchema }}
    >
      {/* A stock figure's list comes first on the screen, without the test panel above it. */}
      {stock ? null : <TestInventoryPanel />}
    </CollectionScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Manage Shop");
