/**
 * The test-inventory panel (admin spec §2, §7, §9): adds 'Test Physical Item - Low
 * Stock' (physical music, $1, stock 2, order 999) to try the low-stock display and
 * checkout, and deletes every item whose title contains 'Test Physical Item'. Its toasts
 * stay 8000 ms (create) and 5000 ms (cleanup).
 */
import { useId } from "react";
import { FlaskConical, Trash2 } from "lucide-react";
import { SubmitButton } from "~/components/admin/kit/submit-button";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Card } from "~/components/ui/card";
import { INTENT_FIELD } from "~/domain/admin/admin-action";
import { TEST_SHOP_ITEM } from "~/domain/shop/catalogue/shop-item-form";

export const CREATE_TEST_ITEM_INTENT = "create-test-item";
export const DELETE_TEST_ITEMS_INTENT = "delete-test-items";

export function TestInventoryPanel() {
  // The answers' toasts stay as long as the spec says (the action sets their durations).
  const { fetcher, busy } = useAdminFetcher();
  const busyIntent = busy ? fetcher.formData?.get(INTENT_FIELD) : null;
  const headingId = useId();

  const run = (intent: string) => {
    const form = new FormData();
    form.set(INTENT_FIELD, intent);
    void fetcher.submit(form, { method: "post" });
  };

  return (
    <Card
      aria-labelledby={headingId}
      className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="space-y-1">
        <h3 id={headingId} className="flex items-center gap-2 text-lg leading-tight">
          <FlaskConical aria-hidden className="size-4 text-primary" />
          Test inventory
        </h3>
        <p className="text-sm text-muted-foreground">
          Adds “{TEST_SHOP_ITEM.title}” (physical music, ${TEST_SHOP_ITEM.price},{" "}
          {TEST_SHOP_ITEM.inventoryCount} in stock) to try the low-stock display and checkout; the
          cleanup deletes every item whose title contains “{TEST_SHOP_ITEM.titleMatch}”.
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        <SubmitButton
          type="button"
          variant="outline"
          disabled={busyIntent != null}
          pending={busyIntent === CREATE_TEST_ITEM_INTENT}
          pendingLabel="Create test item"
          icon={<FlaskConical aria-hidden />}
          onClick={() => run(CREATE_TEST_ITEM_INTENT)}
        >
          Create test item
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="outline"
          disabled={busyIntent != null}
          pending={busyIntent === DELETE_TEST_ITEMS_INTENT}
          pendingLabel="Delete test items"
          icon={<Trash2 aria-hidden />}
          onClick={() => run(DELETE_TEST_ITEMS_INTENT)}
        >
          Delete test items
        </SubmitButton>
      </div>
    </Card>
  );
}
