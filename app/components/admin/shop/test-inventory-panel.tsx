/**
 * The test-inventory panel (admin spec §2, §7, §9): adds 'Test Physical Item - Low
 * Stock' (physical music, $1, stock 2, order 999) to try the low-stock display and
 * checkout, and deletes every item whose title contains 'Test Physical Item'. Its toasts
 * stay 8000 ms (create) and 5000 ms (cleanup).
 */
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { FlaskConical, Loader2, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { INTENT_FIELD, type AdminActionResult } from "~/domain/admin-action";
import { TEST_ITEM_CLEANUP_TOAST_MS, TEST_ITEM_TOAST_MS, TEST_SHOP_ITEM } from "~/domain/shop-item";
import { toast } from "~/lib/toast";

export const CREATE_TEST_ITEM_INTENT = "create-test-item";
export const DELETE_TEST_ITEMS_INTENT = "delete-test-items";

export function TestInventoryPanel() {
  const fetcher = useFetcher<AdminActionResult>();
  const busyIntent = fetcher.state === "idle" ? null : fetcher.formData?.get(INTENT_FIELD);
  const shown = useRef<AdminActionResult | undefined>(undefined);
  const headingId = useId();

  // Each answer's toast once, with the panel's own durations.
  useEffect(() => {
    const data = fetcher.data;
    if (!data?.toast || shown.current === data) return;
    shown.current = data;
    const duration =
      data.intent === CREATE_TEST_ITEM_INTENT ? TEST_ITEM_TOAST_MS : TEST_ITEM_CLEANUP_TOAST_MS;
    const show = data.toast.type === "error" ? toast.error : toast.success;
    show(data.toast.title, { id: data.toast.id, description: data.toast.description, duration });
  }, [fetcher.data]);

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
        <Button
          variant="outline"
          disabled={busyIntent != null}
          onClick={() => run(CREATE_TEST_ITEM_INTENT)}
        >
          {busyIntent === CREATE_TEST_ITEM_INTENT ? (
            <Loader2 aria-hidden className="animate-spin" />
          ) : (
            <FlaskConical aria-hidden />
          )}
          Create test item
        </Button>
        <Button
          variant="outline"
          disabled={busyIntent != null}
          onClick={() => run(DELETE_TEST_ITEMS_INTENT)}
        >
          {busyIntent === DELETE_TEST_ITEMS_INTENT ? (
            <Loader2 aria-hidden className="animate-spin" />
          ) : (
            <Trash2 aria-hidden />
          )}
          Delete test items
        </Button>
      </div>
    </Card>
  );
}
