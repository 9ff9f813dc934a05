/**
 * The about screen's tabs and the intents its one route action answers. One action
 * serves four tabs, so each list's intents carry its name ("influence:create" …).
 * Plain constants: the route (server) and the tabs (browser) both read them.
 */
import { defineUrlTabs } from "~/components/admin/kit/url-tabs";
import { namespacedRowIntents } from "~/domain/admin/collection-rows";

export const ABOUT_TABS = defineUrlTabs({
  param: "tab",
  tabs: [
    { value: "content", label: "Page Content" },
    { value: "influences", label: "Influences" },
    { value: "collaborations", label: "Collaborations" },
    { value: "statistics", label: "Statistics" },
  ],
});

/** The intents of each list on the screen. */
export const ABOUT_LISTS = {
  influence: namespacedRowIntents("influence"),
  collaboration: namespacedRowIntents("collaboration"),
  stat: namespacedRowIntents("stat"),
} as const;

export const ABOUT_INTENTS = {
  updateContent: "update-content",
  influenceCreate: ABOUT_LISTS.influence.create,
  influenceDelete: ABOUT_LISTS.influence.delete,
  collaborationCreate: ABOUT_LISTS.collaboration.create,
  collaborationDelete: ABOUT_LISTS.collaboration.delete,
  statCreate: ABOUT_LISTS.stat.create,
  statDelete: ABOUT_LISTS.stat.delete,
} as const;
