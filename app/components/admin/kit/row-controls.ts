/**
 * Where a table's row controls (switch, delete, reorder) post, and the intents they
 * post: set once on the DataTable, read by every control inside it. Outside a table
 * the controls post the plain intents to the current route.
 */
import { createContext, useContext } from "react";
import { ROW_INTENTS, type RowIntents } from "~/domain/admin/collection-rows";

export interface RowControls {
  /** The route whose action answers; the current one when left out. */
  action?: string;
  intents: RowIntents;
}

export const RowControlsContext = createContext<RowControls>({ intents: ROW_INTENTS });

export function useRowControls(): RowControls {
  return useContext(RowControlsContext);
}
