/**
 * Every page and GET /api route of the build, timed (issue #36): the routes
 * with a loader come from the build's own route manifest
 * (build/client/assets/manifest-*.js, what the browser is given), so a new
 * route is timed without editing the bench. Admin routes (/admin…,
 * /api/admin…) are timed signed in as the admin, every other route as the
 * heavy member. Each route's runs alternate with GET /api/user, and its ratio
 * is its median over the median of those baseline runs: the machine's load
 * at that moment weighs on both.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { EXPORTS_PER_HOUR } from "../app/modules/account/schema";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
}

export interface TimedRoute {
  /** "GET /challenges/:id" */
  key: string;
  /** The URL path timed, ids filled in. */
  url: string;
  role: "member" | "admin";
  /** A rate-limited route: its calls in one bench (warm-up included) stay within the limit. */
  maxCalls?: number;
  /** The route's target ratio. */
  target: number;
  /** A download of the member's whole data (its target grows with the member's activities). */
  download?: true;
}

/** Routes the app rate-limits per member, with their limit within one bench run. */
const RATE_LIMITED: Record<string, number> = { "GET /api/user/export": EXPORTS_PER_HOUR };

export const TARGET_RATIO = { member: 4, admin: 8 } as const;

/**
 * Downloads of the member's whole data grow with it: their target is the
 * member target per 1,000 of the member's activities (docs/decisions/037).
 */
export const DOWNLOAD_TARGET_PER_1000_ACTIVITIES = TARGET_RATIO.member;
const DOWNLOADS = new Set(["GET /api/user/export"]);

/** The route manifest of `npm run build`. */
export function manifestRoutes(dir = "build/client/assets"): ManifestRoute[] {
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no route manifest in ${dir}: run npm run build first`);
  const window: { __remixManifest?: { routes: Record<string, ManifestRoute> } } = {};
  runInNewContext(readFileSync(join(dir, file), "utf8"), { window });
  return Object.values(window.__remixManifest?.routes ?? {});
}

/** The path pattern of a route: its parents' paths joined ("/challenges/:id"). */
export function patternOf(route: ManifestRoute, all: Map<string, ManifestRoute>): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? all.get(r.parentId) : undefined)
    if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

export interface BenchIds {
  member: number;
  activity: number;
  challenge: number;
  event: number;
  registration: number;
  feedback: number;
  upload: number;
}

/** A URL for a pattern: each `:param` filled with a real id of the bench database (by the segment before it). */
export function fillPattern(pattern: string, ids: BenchIds): string {
  const segments = pattern.split("/");
  return segments
    .map((segment, i) => {
      if (segment === "*") return "no-such-page";
      if (!segment.startsWith(":")) return segment;
      const before = segments[i - 1] ?? "";
      switch (segment) {
        case ":provider":
          return "google";
        case ":week":
          return "1";
        case ":dayIndex":
          return "0";
        case ":secret":
          return "bench";
        case ":registrationId":
          return String(ids.registration);
        case ":userId":
          return String(ids.member);
      }
      if (before === "challenges") return String(ids.challenge);
      if (before === "activities" || before === "manual") return String(ids.activity);
      if (before === "events") return String(ids.event);
      if (before === "feedback" || before === "history") return String(ids.feedback);
      if (before === "users") return String(ids.member);
      if (before === "uploads") return String(ids.upload);
      return "1";
    })
    .join("/");
}

/** Every route with a loader: pages and /api, as "GET <pattern>" with the URL to time, who times it and its target. */
export function routesToTime(ids: BenchIds, activities: number, routes = manifestRoutes()): TimedRoute[] {
  const all = new Map(routes.map((r) => [r.id, r]));
  return routes
    .filter((r) => r.hasLoader && r.id !== "root")
    .map((r) => {
      const pattern = patternOf(r, all);
      const url = fillPattern(pattern, ids) + (r.index && pattern !== "/" ? "?index" : "");
      const admin = /^\/(api\/)?admin(\/|$)/.test(pattern);
      const key = `GET ${pattern}`;
      const role = admin ? ("admin" as const) : ("member" as const);
      const download = DOWNLOADS.has(key);
      const target = download
        ? (DOWNLOAD_TARGET_PER_1000_ACTIVITIES * activities) / 1000
        : TARGET_RATIO[role];
      return { key, url, role, target, maxCalls: RATE_LIMITED[key], ...(download ? { download } : {}) };
    })
    .sort((a, b) => (a.role === b.role ? a.key.localeCompare(b.key) : a.role === "member" ? -1 : 1));
}
