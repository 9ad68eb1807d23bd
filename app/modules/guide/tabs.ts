/**
 * The user guide's tabs (spec part 2 §2: Getting Started, Dashboard, Wari 2025
 * (the current edition's label), Other Features). The selected tab lives in `?tab=`, so a link can open any of
 * them and the server renders the right panel without JavaScript.
 */

export const GUIDE_TABS = [
  { id: "getting-started", label: "Getting Started" },
  { id: "dashboard", label: "Dashboard" },
  /** Named after the current edition ('Wari 2025') by the page. */
  { id: "wari", label: "Wari" },
  { id: "other", label: "Other Features" },
] as const;

export type GuideTabId = (typeof GUIDE_TABS)[number]["id"];

export const DEFAULT_GUIDE_TAB: GuideTabId = "getting-started";

/** The tab a `?tab=` value names; anything missing or unknown opens the first tab. */
export function parseGuideTab(value: string | null | undefined): GuideTabId {
  return GUIDE_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_GUIDE_TAB;
}

export function guideTabIndex(id: GuideTabId): number {
  return GUIDE_TABS.findIndex((tab) => tab.id === id);
}

/** The address of a tab: the current query with `tab` replaced (other parameters kept). */
export function guideTabSearch(search: string, id: GuideTabId): string {
  const params = new URLSearchParams(search);
  params.set("tab", id);
  return `?${params}`;
}
