/** The LOE tables' Status column: Active or Hidden (admin spec §2). */
import { Badge } from "~/components/ui/badge";
import type { DataTableColumn } from "~/components/admin/kit/data-table";

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Hidden</Badge>;
}

export function statusColumn<T extends { isActive: boolean }>(): DataTableColumn<T> {
  return { id: "status", header: "Status", cell: (row) => <ActiveBadge active={row.isActive} /> };
}
