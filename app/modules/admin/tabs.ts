/** The /admin tabs, in order, addressed by `?tab=`. */
export const ADMIN_TABS = [
  "users",
  "events",
  "challenges",
  "wari",
  "feedback",
  "sync",
  "analysis",
  "club",
  "health",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const TAB_LABELS: Record<AdminTab, string> = {
  users: "Users",
  events: "Events",
  challenges: "Challenges",
  wari: "Wari",
  feedback: "Feedback",
  sync: "Strava Sync",
  analysis: "Analysis",
  club: "Club",
  health: "Health",
};

export function tabOf(url: URL): AdminTab {
  const tab = url.searchParams.get("tab");
  return (ADMIN_TABS as readonly string[]).includes(tab ?? "") ? (tab as AdminTab) : "users";
}
