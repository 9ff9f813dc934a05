/**
 * What a page-content list screen is (admin spec §2 "Content list screens"): its
 * sections, each with its keys and the spec's words when it cannot be read (§8). The
 * four screens are declared in components/admin/page-content/screens.ts; the server
 * reads them (content/page-content-screens.server.ts), the browser renders them.
 */
import type { PageContentKey } from "./registry";

export interface ContentSectionConfig {
  id: string;
  title: string;
  description?: string;
  keys: readonly PageContentKey[];
  /** The toast and inline message when the section's read fails. */
  failure: string;
}

export interface ContentScreenConfig {
  path: "page-content" | "shop-content" | "contact" | "footer";
  title: string;
  description: string;
  sections: readonly ContentSectionConfig[];
  /** Offer the search by friendly name (the long all-keys list). */
  searchable?: boolean;
}
