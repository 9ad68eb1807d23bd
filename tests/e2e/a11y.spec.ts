// Issue #17: every main page, as a visitor, a member and an admin, has no
// serious or critical axe-core violation (WCAG 2.0/2.1 A and AA rules).
// Add a new page to PAGES below; nothing else needs to change. Each distinct
// page is scanned once: a page whose markup is the same for two roles but for
// the header (the header of every role is scanned on its own pages) lists
// one role; /events/1 lists two because admins see another page there.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

type Role = "guest" | "member" | "admin";

interface PageCase {
  path: string;
  as: Role[];
  /** Optional: something to wait for before the scan (a lazily loaded part). */
  ready?: (page: Page) => Promise<void>;
}

/** Every main page (app/routes without api.*), with who can open it. */
export const PAGES: PageCase[] = [
  { path: "/", as: ["guest"] },
  { path: "/auth", as: ["guest"] },
  { path: "/auth?tab=register", as: ["guest"] },
  { path: "/forgot-password", as: ["guest"] },
  { path: "/reset-password?token=not-a-real-token", as: ["guest"] },
  { path: "/privacy", as: ["guest"] },
  { path: "/terms", as: ["guest"] },
  { path: "/user-guide", as: ["guest"] },
  { path: "/user-guide?tab=strava", as: ["guest"] },
  { path: "/definitely/not/here", as: ["guest"] },
  { path: "/dashboard", as: ["member"] },
  { path: "/activities", as: ["member"] },
  { path: "/activities/upload", as: ["member"] },
  { path: "/recommendations", as: ["member"] },
  { path: "/challenges", as: ["member"] },
  { path: "/challenges/1", as: ["member"] },
  { path: "/events", as: ["member"] },
  { path: "/events/1", as: ["member", "admin"] },
  { path: "/events/2/register", as: ["member"] },
  { path: "/feedback", as: ["member"] },
  { path: "/feedback/history", as: ["member"] },
  { path: "/wari", as: ["member"] },
  { path: "/profile", as: ["member"] },
  { path: "/profile/strava", as: ["member"] },
  { path: "/profile-settings", as: ["member"] },
  { path: "/profile-settings/sharing", as: ["member"] },
  { path: "/profile-settings/delete-account", as: ["member"] },
  { path: "/club", as: ["member"] },
  { path: "/notifications", as: ["member"] },
  { path: "/admin", as: ["admin"] },
  { path: "/admin?tab=events", as: ["admin"] },
  { path: "/admin?tab=challenges", as: ["admin"] },
  { path: "/admin?tab=feedback", as: ["admin"] },
  { path: "/admin?tab=sync", as: ["admin"] },
  { path: "/admin?tab=analysis", as: ["admin"] },
  { path: "/admin?tab=club", as: ["admin"] },
  { path: "/admin/users/2", as: ["admin"] },
  { path: "/admin/challenges/1", as: ["admin"] },
  { path: "/admin/feedback", as: ["admin"] },
  { path: "/admin/feedback/1", as: ["admin"] },
];

const ACCOUNTS: Record<Exclude<Role, "guest">, [string, string]> = {
  member: ["athlete", "Athlete@1234"],
  admin: ["admin", "Admin@1234"],
};

async function scan(page: Page, phone: boolean) {
  // Legacy mode runs axe once in the page itself. The default mode collects each frame's partial
  // result and then opens a blank page to combine them, which doubled each scan's time; these
  // pages have no frames of their own (measured 28 Nov 2026: 2.2 s → 1.1 s a page).
  // resultTypes: axe still runs every rule and reports every violation, but gathers node details
  // only for violations, not for the thousands of passing nodes (about a third of a scan's time on
  // the dashboard and the activities table).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] });
  // At 375 px the same elements have the same colours as at desktop size, where color-contrast
  // (the costliest rule, over half of a scan) has already checked them; the phone scan is for
  // what the layout changes. The phone menu is closed, so not scanned either way.
  if (phone) builder = builder.disableRules(["color-contrast"]);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`.trim()),
    }));
}

/**
 * Pages scanned again at 375 px, where the header becomes a menu and the page's own layout
 * changes: each role's header once, and the pages with layouts of their own for phones.
 */
const PHONE_PAGES: Record<Role, string[]> = {
  guest: ["/", "/auth"],
  member: ["/dashboard", "/activities", "/activities/upload"],
  admin: ["/admin", "/events/1"],
};

// A test per role and group of pages: it signs in once and scans its pages one after another
// (a test per page spent more time on a fresh browser context and sign-in than on the scan),
// collecting every violation so one failure shows all of them; the last group is the phone
// pages. Small groups keep each test well inside its time on a busy machine.
// Pages are scanned once hydrated (DOMContentLoaded, then fixtures.ts waits for React), not
// after `load`: a slow image or script elsewhere must not hold a scan of this page's markup.
const PAGES_PER_TEST = 5;

function groupsOf(role: Role) {
  const pages = PAGES.filter((p) => p.as.includes(role));
  const groups: { label: string; pages: PageCase[]; phone: boolean }[] = [];
  for (let i = 0; i < pages.length; i += PAGES_PER_TEST) {
    const slice = pages.slice(i, i + PAGES_PER_TEST);
    groups.push({
      label: `pages ${i + 1}-${i + slice.length} of ${pages.length}`,
      pages: slice,
      phone: false,
    });
  }
  const phone = PHONE_PAGES[role].map((path) => pages.find((p) => p.path === path)!);
  groups.push({ label: `${phone.length} at 375 px`, pages: phone, phone: true });
  return groups;
}

for (const role of ["guest", "member", "admin"] as const) {
  for (const group of groupsOf(role)) {
    test(`axe as ${role}, ${group.label}: no serious or critical violation`, async ({ page }) => {
      // An axe scan took up to 35 s a page on a 2-core machine loaded 25 deep (28 Nov 2026).
      test.setTimeout(60_000 + group.pages.length * 40_000);
      if (group.phone) await page.setViewportSize({ width: 375, height: 740 });
      if (role !== "guest") await signIn(page, ...ACCOUNTS[role]);
      const found: Record<string, unknown> = {};
      for (const entry of group.pages) {
        await test.step(entry.path, async () => {
          await page.goto(entry.path, { waitUntil: "domcontentloaded" });
          await entry.ready?.(page);
          const violations = await scan(page, group.phone);
          if (violations.length) found[entry.path] = violations;
        });
      }
      expect(found).toEqual({});
    });
  }
}
