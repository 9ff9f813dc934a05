/**
 * The shop screen's table (admin spec §2 "Manage shop"): in order_index order with
 * up/down buttons, the image, title and category, price with 2 decimals or 'Free',
 * stock, the first 3 tags then '+N', the Visible and Featured switches, edit and delete.
 */
import { FileText, Package, Pencil } from "lucide-react";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { RowToggle } from "~/components/admin/kit/row-toggle";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { isOwnUploadPath } from "~/domain/file-reference";
import { variantUrl } from "~/domain/image-variants";
import {
  SHOP_ITEM_TEXT,
  formatShopPrice,
  namesFormat,
  shopCategoryLabel,
  visibleTags,
} from "~/domain/shop-item";

/** A shop item as the screen's loader hands it over (the dialog edits these fields). */
export interface ShopItemRow {
  id: string;
  title: string;
  description: string | null;
  category: string;
  format: string | null;
  price: number | null;
  imageUrl: string | null;
  pdfFileUrl: string | null;
  bandcampUrl: string | null;
  externalUrl: string | null;
  tags: string[];
  isVisible: boolean;
  isFeatured: boolean;
  inventoryCount: number | null;
  downloadLimit: number;
  downloadExpiryDays: number;
  orderIndex: number;
  purchaseCount: number;
}

function thumbnailOf(imageUrl: string | null): string | null {
  if (!imageUrl) return null;
  if (isOwnUploadPath(imageUrl)) return variantUrl(imageUrl, 480, "webp") ?? imageUrl;
  return imageUrl.startsWith("https://") ? imageUrl : null;
}

function None() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <None />;
  const { shown, more } = visibleTags(tags);
  return (
    <ul className="flex max-w-56 flex-wrap gap-1" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="muted">{tag}</Badge>
        </li>
      ))}
      {more && (
        <li>
          <Badge variant="gold" title={tags.slice(3).join(", ")}>
            <span aria-hidden>{more}</span>
            <span className="sr-only">and {tags.length - 3} more</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

export function ShopItemsTable({
  rows,
  loadFailed,
  onEdit,
}: {
  rows: readonly ShopItemRow[];
  loadFailed: string | null;
  onEdit: (row: ShopItemRow) => void;
}) {
  const columns: DataTableColumn<ShopItemRow>[] = [
    {
      id: "title",
      header: "Product",
      cell: (row) => {
        const thumbnail = thumbnailOf(row.imageUrl);
        return (
          <div className="flex min-w-0 items-center gap-3">
            <span className="hidden size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border/60 bg-muted sm:flex">
              {thumbnail ? (
                <img
                  src={thumbnail}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  referrerPolicy="no-referrer"
                  className="size-full object-cover"
                />
              ) : (
                <Package aria-hidden className="size-4 text-muted-foreground" />
              )}
            </span>
            <div className="min-w-0">
              <p className="font-medium break-words text-foreground">{row.title}</p>
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                {shopCategoryLabel(row.category)}
                {row.format && namesFormat(row.category) && ` · ${row.format}`}
                {/* A phone has no Price column: the price goes under the title. */}
                <span className="text-foreground/90 tabular-nums sm:hidden">
                  {formatShopPrice(row.price)}
                </span>
                {row.pdfFileUrl && (
                  <span className="inline-flex items-center gap-1">
                    <FileText aria-hidden className="size-3" /> PDF
                  </span>
                )}
              </p>
            </div>
          </div>
        );
      },
    },
    {
      id: "price",
      header: "Price",
      hideOnMobile: true,
      className: "whitespace-nowrap tabular-nums",
      cell: (row) => formatShopPrice(row.price),
    },
    {
      id: "stock",
      header: "Stock",
      hideOnMobile: true,
      className: "tabular-nums",
      cell: (row) =>
        row.inventoryCount === null ? (
          <span className="whitespace-nowrap text-muted-foreground">Not tracked</span>
        ) : (
          <span className={row.inventoryCount <= 3 ? "text-primary" : undefined}>
            {row.inventoryCount}
          </span>
        ),
    },
    {
      id: "tags",
      header: "Tags",
      hideOnMobile: true,
      cell: (row) => <TagList tags={row.tags} />,
    },
    {
      id: "visible",
      header: "Visible",
      // A phone keeps the price and the actions in view; both switches are in the dialog too.
      hideOnMobile: true,
      cell: (row) => (
        <RowToggle
          id={row.id}
          flag="isVisible"
          checked={row.isVisible}
          label={`Visible: ${row.title}`}
        />
      ),
    },
    {
      id: "featured",
      header: "Featured",
      hideOnMobile: true,
      cell: (row) => (
        <RowToggle
          id={row.id}
          flag="isFeatured"
          checked={row.isFeatured}
          label={`Featured: ${row.title}`}
        />
      ),
    },
  ];

  return (
    <DataTable
      caption="Shop items"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      emptyMessage={SHOP_ITEM_TEXT.empty}
      loadFailed={loadFailed}
      reorder={{ label: (row) => row.title, header: "Move" }}
      rowActions={(row) => (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit "${row.title}"`}
            title={`Edit "${row.title}"`}
            onClick={() => onEdit(row)}
          >
            <Pencil aria-hidden />
          </Button>
          <ConfirmDeleteButton
            id={row.id}
            label={`Delete "${row.title}"`}
            title="Delete Product"
            description={SHOP_ITEM_TEXT.deleteConfirm}
          />
        </>
      )}
    />
  );
}
