/**
 * Reordering as pure functions: the data table's up/down buttons compute the new
 * order with these, post it whole, and show it while the post is under way.
 */

/**
 * A copy of `items` with the item at `index` moved by `offset` places. A move past
 * either end (the first item up, the last down) leaves the order as it is.
 */
export function moveItem<T>(items: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  const copy = [...items];
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return copy;
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/**
 * `rows` in the order of `ids`. Rows the order does not mention (one added meanwhile)
 * follow in their own order; ids without a row (one deleted meanwhile) are skipped.
 */
export function orderByIds<T>(
  rows: readonly T[],
  ids: readonly string[],
  getId: (row: T) => string,
): T[] {
  const byId = new Map(rows.map((row) => [getId(row), row]));
  const ordered: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row !== undefined) {
      ordered.push(row);
      byId.delete(id);
    }
  }
  return [...ordered, ...byId.values()];
}
