/** What the LOE screen's loader hands its tabs: each part loaded on its own. */
import type { PageContentEntry } from "~/components/admin/kit/page-content-editor";

export interface LoeContent {
  /** The `loe` entry: title, description, paragraph spacing. */
  header: PageContentEntry;
  /** The banner's template (the `loe-banner-text` entry's description). */
  bannerTemplate: string;
  /** What the public page puts in place of the placeholder. */
  contactEmail: string;
}

export {
  toLoeAudioRow,
  toLoeImageRow,
  toLoeVideoRow,
  type LoeAudioRow,
  type LoeImageRow,
  type LoeVideoRow,
} from "~/domain/content/loe/loe-rows";
