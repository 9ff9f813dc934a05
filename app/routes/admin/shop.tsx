/**
 * Manage shop (admin spec §2 "/admin/shop"): the test-inventory panel, the items in
 * order_index order with up/down buttons, and the add/edit dialog with every field of
 * shop_items, the download settings and the server's image URL check.
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/shop";
import { AddButton, AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { EntityFormDialog, useEntityDialog } from "~/components/admin/kit/entity-form-dialog";
import { CHECK_IMAGE_INTENT } from "~/components/admin/shop/image-url-status";
import { SHOP_ITEM_FIELDS } from "~/components/admin/shop/shop-item-fields";
import { ShopItemsTable, type ShopItemRow } from "~/components/admin/shop/shop-items-table";
import {
  CREATE_TEST_ITEM_INTENT,
  DELETE_TEST_ITEMS_INTENT,
  TestInventoryPanel,
} from "~/components/admin/shop/test-inventory-panel";
import { INTENT_FIELD } from "~/domain/admin-action";
import {
  SHOP_ITEM_TEXT,
  formValidationDescription,
  imageUrlCheckSchema,
  noInputSchema,
  shopItemCreateSchema,
  shopItemDeleteSchema,
  shopItemFlagSchema,
  shopItemReorderSchema,
  shopItemUpdateSchema,
  showsDownloadSettings,
  withoutDownloadSettings,
} from "~/domain/shop-item";
import { SITE_NAME } from "~/domain/site";
import { toast, useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";
import { checkImageUrl } from "~/server/shop/image-url-check.server";
import {
  createTestShopItem,
  deleteTestShopItems,
  shopItemService,
  updateShopItem,
  withPlainSaveFailure,
  withShopSaveErrors,
} from "~/server/shop/shop-items.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const items = await orNull(shopItemService.listAll(getDb()), "shop items");
  return {
    items: (items ?? []).map((item): ShopItemRow => ({
      id: item.id,
      title: item.title,
      description: item.description,
      category: item.category,
      format: item.format,
      price: item.price,
      imageUrl: item.imageUrl,
      pdfFileUrl: item.pdfFileUrl,
      bandcampUrl: item.bandcampUrl,
      externalUrl: item.externalUrl,
      tags: item.tags,
      isVisible: item.isVisible,
      isFeatured: item.isFeatured,
      inventoryCount: item.inventoryCount,
      downloadLimit: item.downloadLimit,
      downloadExpiryDays: item.downloadExpiryDays,
      orderIndex: item.orderIndex,
      purchaseCount: item.purchaseCount,
    })),
    loadFailed: items ? null : SHOP_ITEM_TEXT.fetchFailed,
    toast: items ? null : newToast("error", "Error", SHOP_ITEM_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const answer = await handleAdminAction(request, {
    create: intent({
      schema: shopItemCreateSchema,
      run: ({ db, actor, input }) =>
        withShopSaveErrors("create", () => shopItemService.create(db, actor, input)),
      success: (row) => ({ title: SHOP_ITEM_TEXT.created, description: row.title }),
      failure: SHOP_ITEM_TEXT.saveFailedTitle,
    }),
    update: intent({
      schema: shopItemUpdateSchema,
      run: ({ db, actor, input: { id, inventoryCountSeen, ...values } }) =>
        withShopSaveErrors("update", () =>
          // Without the download panel on screen its settings were not posted: keep them.
          updateShopItem(
            db,
            actor,
            id,
            showsDownloadSettings(values) ? values : withoutDownloadSettings(values),
            inventoryCountSeen,
          ),
        ),
      success: (row) => ({ title: SHOP_ITEM_TEXT.updated, description: row.title }),
      failure: SHOP_ITEM_TEXT.saveFailedTitle,
    }),
    "set-flag": intent({
      schema: shopItemFlagSchema,
      run: ({ db, actor, input }) =>
        shopItemService.setFlag(db, actor, input.id, input.flag, input.value),
      success: (row) => ({ title: SHOP_ITEM_TEXT.updated, description: row.title }),
      failure: SHOP_ITEM_TEXT.saveFailedTitle,
    }),
    delete: intent({
      schema: shopItemDeleteSchema,
      run: ({ db, actor, input }) => shopItemService.remove(db, actor, input.id),
      success: (row) => ({ title: SHOP_ITEM_TEXT.deleted, description: row.title }),
      failure: SHOP_ITEM_TEXT.deleteFailed,
    }),
    reorder: intent({
      schema: shopItemReorderSchema,
      run: ({ db, actor, input }) => shopItemService.reorder(db, actor, input.ids),
      success: SHOP_ITEM_TEXT.reordered,
      failure: SHOP_ITEM_TEXT.reorderFailed,
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
    }),
    [DELETE_TEST_ITEMS_INTENT]: intent({
      schema: noInputSchema,
      run: ({ db, actor }) => deleteTestShopItems(db, actor),
      success: (count) => ({
        title: SHOP_ITEM_TEXT.testItemsDeleted,
        description: `${count} test item(s) deleted`,
      }),
      failure: SHOP_ITEM_TEXT.testItemDeleteFailed,
    }),
  });
  return withPlainSaveFailure(answer);
}

/** The image check reads nothing new: no reload of the list after it. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get(INTENT_FIELD) === CHECK_IMAGE_INTENT) return false;
  return defaultShouldRevalidate;
}

export default function ManageShop({ loaderData }: Route.ComponentProps) {
  const { items, loadFailed } = loaderData;
  useToastMessage(loaderData.toast);
  const dialog = useEntityDialog<ShopItemRow>();
  const editing = dialog.editing;

  return (
    <AdminScreen
      title="Manage Shop"
      description="The products of the shop page, in the order visitors see them: prices, stock, downloads and tags."
      primaryAction={<AddButton onClick={dialog.openAdd}>Add Product</AddButton>}
    >
      <TestInventoryPanel />

      <AdminSection
        title="Products"
        description="Move a product up or down to change its place on the shop page. Hidden products stay here but not in the shop."
      >
        <ShopItemsTable rows={items} loadFailed={loadFailed} onEdit={dialog.openEdit} />
      </AdminSection>

      <EntityFormDialog
        {...dialog.dialogProps}
        title={editing ? SHOP_ITEM_TEXT.editTitle : SHOP_ITEM_TEXT.addTitle}
        description={
          editing
            ? `Changing “${editing.title}”. A new price or stock applies to orders started after saving; orders already under way keep theirs.`
            : "A product for the shop page."
        }
        schema={editing ? shopItemUpdateSchema : shopItemCreateSchema}
        fields={SHOP_ITEM_FIELDS}
        submitLabel={editing ? "Update Product" : "Create Product"}
        onInvalid={(errors) =>
          toast.error(SHOP_ITEM_TEXT.validationFailedTitle, {
            description: formValidationDescription(Object.keys(errors).length),
          })
        }
      >
        {editing && (
          <input
            type="hidden"
            name="inventoryCountSeen"
            value={editing.inventoryCount === null ? "" : String(editing.inventoryCount)}
          />
        )}
      </EntityFormDialog>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Manage Shop | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
