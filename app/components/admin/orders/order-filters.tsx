/**
 * The orders list's filters: a GET form, so the filters live in the address (a
 * filtered list can be bookmarked, shared with the CSV export, and works without
 * JavaScript). Keyed by the query, so Back and Clear reset the fields.
 */
import { Form, Link } from "react-router";
import { Search, X } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  hasOrderFilters,
  type OrderFilters,
} from "~/domain/shop/orders/order-admin";
import { cn } from "~/lib/cn";

export function OrderFiltersForm({ filters, path }: { filters: OrderFilters; path: string }) {
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Filter orders"
      className="grid gap-4 rounded-2xl border border-border/70 bg-card p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="space-y-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="orders-q" className="block">
          Search
        </Label>
        <Input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="E-mail or order ID"
          autoComplete="off"
          aria-describedby="orders-q-hint"
        />
        <p id="orders-q-hint" className="text-xs text-muted-foreground">
          Part of the buyer&apos;s e-mail, the order ID (or its first 8 characters), or the PayPal
          order ID.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="orders-status" className="block">
          Status
        </Label>
        <Select id="orders-status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="orders-from" className="block">
          From
        </Label>
        <Input id="orders-from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="orders-to" className="block">
          To
        </Label>
        <Input id="orders-to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between lg:col-span-4">
        <label
          htmlFor="orders-to-ship"
          className="flex min-h-6 cursor-pointer items-center gap-3 text-sm"
        >
          <Checkbox id="orders-to-ship" name="toShip" value="1" defaultChecked={filters.toShip} />
          <span>
            To ship only{" "}
            <span className="text-muted-foreground">(paid, physical items, not shipped yet)</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-3">
          {hasOrderFilters(filters) && (
            <Link to={path} className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}>
              <X aria-hidden />
              Clear filters
            </Link>
          )}
          <Button type="submit" size="sm">
            <Search aria-hidden />
            Apply filters
          </Button>
        </div>
      </div>
    </Form>
  );
}
