// The module folders of app/modules form a layered graph (docs/architecture.md,
// docs/decisions/002-layout.md). Every .ts/.tsx file under app/ (modules, routes,
// lib, ui, root) and workers/ is scanned:
// (a) no cycle between module folders (through any chain of imports);
// (b) every table of db/schema.ts has one owning module (TABLE_OWNERS) and only
//     that module writes it: drizzle insert/update/delete, or raw INSERT [OR …] INTO,
//     REPLACE INTO, UPDATE, DELETE FROM, with the table named bare, quoted ("t", `t`,
//     [t]) or interpolated (${t}). The table may be imported by name, under an alias
//     or through a namespace import (import * as schema … schema.t). Routes, app/lib,
//     app/ui and workers/ own no table, so any write there fails. The writes a
//     module makes to another module's table today are listed, each with its reason,
//     in SHARED_WRITES; a write into a table whose name is built at run time is
//     listed in DYNAMIC_WRITES. db/seed.ts, scripts, bench and tests are not checked;
// (c) no file re-exports a schema table (a re-export under another name would hide
//     a write or read from (b) and (e)): tables are imported from ~db/schema only;
// (d) no module imports another module's components/ folder (use its ui.ts);
// (e) only `activities` reads the activities table too: no other module, route,
//     lib or worker file imports the `activities` table (by name, alias or
//     namespace), names it in raw SQL or queries it through `db.query.activities`.
//     The lower `sports` module is the one exception: it defines the sport SQL over
//     the activities columns.
// Not caught: SQL assembled from string pieces ("DELETE FROM " + name) and tables
// passed around as function arguments; review such code by hand.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const MODULES = join(ROOT, "app/modules");
const SCHEMA = join(ROOT, "db/schema");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The module folder of an absolute path under app/modules, or null (routes, lib, ui, workers …). */
function moduleOf(path: string): string | null {
  const rel = relative(MODULES, path);
  if (rel.startsWith("..")) return null;
  const [first, ...rest] = rel.split("/");
  return rest.length ? (first ?? null) : null;
}

/** An import specifier resolved to an absolute path without extension (packages: null). */
function resolveSpec(file: string, spec: string): string | null {
  const alias = /^~(db|workers|scripts|bench)?\/(.*)$/.exec(spec);
  if (alias) return join(ROOT, alias[1] ?? "app", alias[2] ?? "").replace(/\.tsx?$/, "");
  if (spec.startsWith(".")) return resolve(dirname(file), spec).replace(/\.tsx?$/, "");
  return null;
}

/** Every import/export-from specifier of a file, resolved to an absolute path (packages: null). */
function imports(file: string, source: string): { spec: string; target: string | null }[] {
  const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*["']([^"']+)["']/g)].map(
    (m) => m[1] ?? "",
  );
  specs.push(...[...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? ""));
  specs.push(...[...source.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)].map((m) => m[1] ?? ""));
  return specs.map((spec) => ({ spec, target: resolveSpec(file, spec) }));
}

/** Source without its comments (prose such as "recomputes from activities in …" is no SQL). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/[^\n]*/g, "$1");

/** db/schema.ts: export name → SQL table name. */
const TABLES = new Map(
  [
    ...readFileSync(`${SCHEMA}.ts`, "utf8").matchAll(
      /export\s+const\s+(\w+)\s*=\s*sqliteTable\(\s*["'](\w+)["']/g,
    ),
  ].map((m) => [m[1]!, m[2]!]),
);

/** Every table's one owning module: the only module that writes it (docs/architecture.md). */
const TABLE_OWNERS: Record<string, string> = {
  users: "auth",
  email_tokens: "auth",
  account_link_tokens: "auth",
  rate_limits: "auth",
  strava_connections: "strava",
  sync_status: "strava",
  sync_jobs: "strava",
  provider_budget: "strava",
  uploads: "uploads",
  activities: "activities",
  activity_day_totals: "activities",
  activity_records: "activities",
  activity_sport_totals: "activities",
  activity_month_totals: "activities",
  activity_tracks: "activities",
  challenges: "challenges",
  challenge_participations: "challenges",
  challenge_progress_audit: "challenges",
  challenge_teams: "challenges",
  recommendations: "recommendations",
  fitness_profiles: "recommendations",
  events: "events",
  event_registrations: "events",
  payments: "events",
  event_waitlist: "events",
  event_refunds: "events",
  registration_audit: "events",
  email_deliveries: "events",
  feedback: "feedback",
  wari_registrations: "wari",
  wari_editions: "wari",
  training_plans: "wari",
  training_progress: "wari",
  training_load_cache: "wari",
  event_history: "wari",
  wari_results: "wari",
  wari_result_audit: "wari",
  heatmap_cache: "activities",
  feed_items: "club",
  feed_kudos: "club",
  feed_comments: "club",
  feed_comment_reports: "club",
  feed_record_marks: "club",
  notifications: "notifications",
  notification_preferences: "notifications",
  notification_settings: "notifications",
  push_subscriptions: "notifications",
  notification_triggers: "notifications",
  challenge_leads: "club",
  digest_sends: "digest",
  digest_cursor: "digest",
  cron_runs: "health",
  dead_letters: "health",
};

/**
 * The writes a module makes today to a table another module owns ("module → table"),
 * each with the reason it stays. Every other write of a foreign table fails, and an
 * entry that no longer matches a write fails too (delete it).
 */
const SHARED_WRITES: Record<string, string> = {
  // Decision 022: deleting an account removes the member's row (the rest cascades)
  // and the rows that do not cascade, in one db.batch with the R2 clean-up done first.
  "account → users": "account deletion deletes the member's users row (decision 022)",
  "account → feedback": "account deletion removes the member's own feedback (user_id is ON DELETE SET NULL)",
  "account → rate_limits":
    "account deletion removes the rate-limit rows keyed by the member's name and e-mail",
  // The admin area's user management (create, flags, conditional delete) is its own screen of the spec.
  "admin → users": "admin creates members, sets their flags and deletes members without history",
  // Decision 020: the sharing choices are columns of users and challenge_participations;
  // privacy sits below challenges and auth, so it cannot call them, and it writes both in one batch.
  "privacy → users": "the member's default sharing choices (decision 020)",
  "privacy → challenge_participations": "a participation's share_activities consent (decision 020)",
  // The profile fields (name, city, goals, profile_completed) are columns of users.
  "profile → users": "the member's profile fields",
  // strava_id, strava_photo_url and keep_strava_activities_at are columns of users, written in
  // the same db.batch as the connection (connect, disconnect, deauthorisation).
  "strava → users": "the member's Strava link columns, in the connection's db.batch",
  // The one daily cron (strava/cron.server.ts removeExpiredRecords) also does the housekeeping.
  "strava → email_tokens": "the daily cron purges expired and used e-mail tokens",
  "strava → rate_limits": "the daily cron purges rate-limit windows older than a day",
};

/** Files that write a table whose name is built at run time, with the tables that may be. */
const DYNAMIC_WRITES: Record<string, string> = {
  // SUMMARIES names the four summary tables the activities module owns.
  "app/modules/activities/summaries.server.ts": "DELETE FROM ${table} over the activities summary tables",
};

const isSchema = (file: string, spec: string) => resolveSpec(file, spec) === SCHEMA;

/**
 * How a file can name each schema table in code: local names of its imports from
 * ~db/schema (aliases too), `ns.table` for a namespace import, and plain
 * `const x = table` or `const { table: x } = ns` re-bindings. table → regex sources.
 */
function tableRefs(file: string, source: string): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  const add = (table: string, ref: string) => refs.set(table, [...(refs.get(table) ?? []), ref]);
  const locals = new Map<string, string>(); // local name → export name
  for (const m of source.matchAll(/\bimport\s+(type\s+)?([\w\s,{}*]*?)\s*from\s*["']([^"']+)["']/g)) {
    if (m[1] || !isSchema(file, m[3]!)) continue;
    const clause = m[2]!;
    const ns = /\*\s*as\s+(\w+)/.exec(clause)?.[1];
    if (ns) {
      for (const name of TABLES.keys())
        add(name, `\\b${ns}\\s*(?:\\.\\s*${name}\\b|\\[\\s*["'\`]${name}["'\`]\\s*\\])`);
      // const t = ns.table;   const { table: t } = ns;
      const member = `\\b(?:const|let|var)\\s+(\\w+)\\s*(?::[^=]+)?=\\s*${ns}\\s*\\.\\s*(\\w+)\\s*[;\\n]`;
      for (const d of source.matchAll(new RegExp(member, "g")))
        if (TABLES.has(d[2]!)) locals.set(d[1]!, d[2]!);
      const destructured = `\\b(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*${ns}\\b`;
      for (const d of source.matchAll(new RegExp(destructured, "g")))
        for (const part of d[1]!.split(",")) {
          const [name, local] = part.split(":").map((s) => s.trim());
          if (name && TABLES.has(name)) locals.set(local || name, name);
        }
    }
    for (const part of /\{([^}]*)\}/.exec(clause)?.[1]?.split(",") ?? []) {
      const p = /^\s*(type\s+)?(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (p && !p[1] && TABLES.has(p[2]!)) locals.set(p[3] ?? p[2]!, p[2]!);
    }
  }
  // `const t = users;` and chains of such re-bindings.
  for (let grew = true; grew;) {
    grew = false;
    for (const m of source.matchAll(/\b(?:const|let|var)\s+(\w+)\s*(?::[^=]+)?=\s*(\w+)\s*[;\n]/g))
      if (locals.has(m[2]!) && !locals.has(m[1]!)) {
        locals.set(m[1]!, locals.get(m[2]!)!);
        grew = true;
      }
  }
  for (const [local, name] of locals) add(name, `\\b${local}\\b`);
  return new Map([...refs].map(([name, list]) => [TABLES.get(name)!, list]));
}

const WRITE = String.raw`\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+`;
/** A table name as SQL may write it: bare, "quoted", `quoted` (escaped in a template), [quoted], main.x. */
const sqlName = (table: string) =>
  String.raw`(?:main\.)?(?:"${table}"|\\?\`${table}\\?\`|\[${table}\]|${table})(?![\w.])`;

/** The tables a file writes ("?" for a table named by a run-time expression). */
export function writesOf(file: string, source: string): string[] {
  const text = code(source);
  const refs = tableRefs(file, text);
  const written = new Set<string>();
  for (const table of new Set(TABLES.values())) {
    const ref = (refs.get(table) ?? []).join("|");
    const patterns = [new RegExp(WRITE + sqlName(table), "i")];
    if (ref)
      patterns.push(
        new RegExp(String.raw`\.(?:insert|update|delete)\(\s*(?:${ref})\s*[,)]`),
        new RegExp(String.raw`${WRITE}\$\{\s*(?:${ref})\s*\}`, "i"),
      );
    if (patterns.some((re) => re.test(text))) written.add(table);
  }
  const anyRef = [...refs.values()].flat().join("|");
  for (const m of text.matchAll(new RegExp(String.raw`${WRITE}\$\{([^}]*)\}`, "gi")))
    if (!anyRef || !new RegExp(`^\\s*(?:${anyRef})\\s*$`).test(m[1]!)) written.add("?");
  return [...written].sort();
}

/** The schema tables a file re-exports (by any name). */
export function reExportsOf(file: string, source: string): string[] {
  const text = code(source);
  const out = new Set<string>();
  for (const m of text.matchAll(
    /\bexport\s+(type\s+)?(\*|\{[^}]*\})(?:\s*as\s+\w+)?\s*from\s*["']([^"']+)["']/g,
  )) {
    if (m[1] || !isSchema(file, m[3]!)) continue;
    if (m[2] === "*") out.add("*");
    for (const part of m[2]!.slice(1, -1).split(",")) {
      const p = /^\s*(type\s+)?(\w+)/.exec(part);
      if (p && !p[1] && TABLES.has(p[2]!)) out.add(TABLES.get(p[2]!)!);
    }
  }
  for (const [table, refs] of tableRefs(file, text)) {
    const ref = refs.join("|");
    const local = new RegExp(String.raw`\bexport\s*\{[^}]*(?:${ref})[^}]*\}(?!\s*from)`);
    const value = new RegExp(
      String.raw`\bexport\s+(?:const\s+\w+\s*(?::[^=]+)?=|default)\s*(?:${ref})\s*[;\n]`,
    );
    if (local.test(text) || value.test(text)) out.add(table);
  }
  return [...out].sort();
}

/** Whether a file reads the activities table (imports it, names it in SQL, or db.query.activities). */
export function readsActivities(file: string, source: string): boolean {
  const text = code(source);
  return (
    (tableRefs(file, text).get("activities") ?? []).some((ref) => new RegExp(ref).test(text)) ||
    new RegExp(String.raw`\b(?:FROM|JOIN)\s+${sqlName("activities")}`, "i").test(text) ||
    /\.query\s*(?:\.\s*activities\b|\[\s*["'`]activities["'`]\s*\])/.test(text)
  );
}

const sources = [...files(join(ROOT, "app")), ...files(join(ROOT, "workers"))].map((file) => ({
  file,
  rel: relative(ROOT, file),
  source: readFileSync(file, "utf8"),
}));

/** module → modules it imports (with one example file each). */
function moduleGraph() {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, rel, source } of sources) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const { target } of imports(file, source)) {
      const to = target ? moduleOf(target) : null;
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, rel);
    }
  }
  return graph;
}

export function findCycles(graph: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Modules that may read the activities table: its owner and the lower sports module. */
const ACTIVITIES_READERS = new Set(["activities", "sports"]);

/** Every write of a table by a file outside its owner: "file writes table (owner: …)". */
function foreignWrites(rel: string, written: string[], module: string | null, used?: Set<string>) {
  return written.flatMap((table) => {
    if (table === "?") return DYNAMIC_WRITES[rel] ? [] : [`${rel} writes a table named at run time`];
    const owner = TABLE_OWNERS[table];
    if (owner === module) return [];
    const key = `${module} → ${table}`;
    if (module && SHARED_WRITES[key]) {
      used?.add(key);
      return [];
    }
    return [`${rel} writes ${table} (owner: ${owner ?? "none"})`];
  });
}

describe("module boundaries (app/modules, app/routes, app/lib, workers)", () => {
  it("has no cycle between module folders", () => {
    const graph = moduleGraph();
    const cycles = findCycles(graph).map((cycle) =>
      cycle
        .map((m, i) => (i + 1 < cycle.length ? `${m} (${graph.get(m)?.get(cycle[i + 1]!)})` : m))
        .join(" → "),
    );
    expect(cycles).toEqual([]);
  });

  it("gives every table of db/schema.ts one owning module that exists", () => {
    const modules = new Set(readdirSync(MODULES));
    expect(TABLES.size).toBeGreaterThan(30);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(TABLES.values())].sort());
    expect(Object.values(TABLE_OWNERS).filter((m) => !modules.has(m))).toEqual([]);
  });

  it("lets only a table's owning module write it (plus the listed shared writes)", () => {
    const used = new Set<string>();
    const offenders = sources.flatMap(({ file, rel, source }) =>
      foreignWrites(rel, writesOf(file, source), moduleOf(file), used),
    );
    expect(offenders).toEqual([]);
    // An entry no write needs any more is stale: remove it.
    expect(Object.keys(SHARED_WRITES).filter((key) => !used.has(key))).toEqual([]);
    const dynamic = sources
      .filter(({ file, source }) => writesOf(file, source).includes("?"))
      .map((s) => s.rel);
    expect(Object.keys(DYNAMIC_WRITES).filter((rel) => !dynamic.includes(rel))).toEqual([]);
  });

  it("never re-exports a schema table (import tables from ~db/schema)", () => {
    const offenders = sources.flatMap(({ file, rel, source }) =>
      reExportsOf(file, source).map((table) => `${rel} re-exports ${table}`),
    );
    expect(offenders).toEqual([]);
  });

  it("lets only the activities module (and the lower sports module) read the activities table", () => {
    const readers = sources
      .filter(({ file }) => !ACTIVITIES_READERS.has(moduleOf(file) ?? ""))
      .filter(({ file, source }) => readsActivities(file, source))
      .map(({ rel }) => rel);
    expect(readers).toEqual([]);
  });

  it("never imports another module's components/ folder", () => {
    const offenders = sources.flatMap(({ file, rel, source }) => {
      const from = moduleOf(file);
      return imports(file, source)
        .filter(({ target }) => {
          if (!target || !from) return false;
          const to = moduleOf(target);
          return to !== null && to !== from && relative(join(MODULES, to), target).startsWith("components");
        })
        .map(({ spec }) => `${rel} imports ${spec}`);
    });
    expect(offenders).toEqual([]);
  });

  it("detects what it forbids", () => {
    const g = new Map([
      ["a", new Map([["b", "x"]])],
      ["b", new Map([["c", "y"]])],
      ["c", new Map([["a", "z"]])],
    ]);
    expect(findCycles(g)).toEqual([["a", "b", "c", "a"]]);

    // Writes, from a route, a lib file and a worker (which own no table) and from a module.
    const route = join(ROOT, "app/routes/x.ts");
    const lib = join(ROOT, "app/lib/x.server.ts");
    const worker = join(ROOT, "workers/x.ts");
    const inEvents = join(MODULES, "events/x.server.ts");
    const named = 'import { activities, users as u, type User } from "~db/schema";\n';
    const writes = (file: string, text: string) => writesOf(file, text);
    expect(writes(route, `${named}await db.insert(activities).values(x);`)).toEqual(["activities"]);
    expect(writes(route, `${named}db.update(u).set({ name })`)).toEqual(["users"]);
    expect(writes(lib, `${named}app.db.delete(\n  u,\n).where(x)`)).toEqual(["users"]);
    expect(writes(worker, 'import { feedback } from "../db/schema";\ndb.delete(feedback)')).toEqual([
      "feedback",
    ]);
    expect(writes(worker, "sql`DELETE FROM activities WHERE id = 1`")).toEqual(["activities"]);
    // Namespace imports (also re-bound or destructured).
    const ns = 'import * as schema from "~db/schema";\n';
    expect(writes(inEvents, `${ns}db.insert(schema.activities).values(x)`)).toEqual(["activities"]);
    expect(writes(inEvents, `${ns}db.update(schema["users"]).set(x)`)).toEqual(["users"]);
    expect(writes(inEvents, `${ns}const t = schema.activities;\nconst s = t;\ndb.delete(s)`)).toEqual([
      "activities",
    ]);
    expect(writes(inEvents, `${ns}const { activities: a } = schema;\ndb.delete(a)`)).toEqual(["activities"]);
    expect(writes(inEvents, `${named}const t = activities;\ndb.delete(t)`)).toEqual(["activities"]);
    // Quoted SQL, REPLACE INTO, INSERT OR …, an interpolated table.
    expect(writes(inEvents, 'sql`DELETE FROM "activities" WHERE id = 1`')).toEqual(["activities"]);
    expect(writes(inEvents, "`UPDATE \\`users\\` SET name = 'x'`")).toEqual(["users"]);
    expect(writes(inEvents, "'delete from [activities]'")).toEqual(["activities"]);
    expect(writes(inEvents, "sql`REPLACE INTO activities (id) VALUES (1)`")).toEqual(["activities"]);
    expect(writes(inEvents, "sql`INSERT OR IGNORE INTO feedback (id) VALUES (1)`")).toEqual(["feedback"]);
    expect(writes(inEvents, `${named}sql\`UPDATE \${u} SET name = 'x'\``)).toEqual(["users"]);
    expect(writes(inEvents, "sql.raw(`DELETE FROM ${name} WHERE 1`)")).toEqual(["?"]);
    // Not writes: reads, upserts of the file's own rows, prose, a table's prefix.
    expect(writes(inEvents, "SELECT * FROM activities")).toEqual([]);
    expect(writes(inEvents, "ON CONFLICT (id) DO UPDATE SET n = excluded.n")).toEqual([]);
    expect(writes(inEvents, "// DELETE FROM activities when the member leaves")).toEqual([]);
    expect(writes(inEvents, "sql`UPDATE activities_archive SET x = 1`")).toEqual([]);
    expect(writes(inEvents, 'import { type Activity } from "~db/schema";\nmap.delete(Activity)')).toEqual([]);

    // Ownership: a foreign write fails unless listed; a route, lib or worker owns nothing.
    expect(foreignWrites("app/routes/x.ts", ["activities"], null)).toHaveLength(1);
    expect(foreignWrites("app/lib/x.ts", ["users"], null)).toHaveLength(1);
    expect(foreignWrites("workers/x.ts", ["sync_jobs"], null)).toHaveLength(1);
    expect(foreignWrites("app/modules/events/x.ts", ["activities", "payments"], "events")).toHaveLength(1);
    expect(foreignWrites("app/modules/profile/x.ts", ["users"], "profile")).toEqual([]);
    expect(foreignWrites("app/modules/events/x.ts", ["?"], "events")).toHaveLength(1);

    // Re-exports under any name.
    expect(reExportsOf(inEvents, 'export { activities as acts } from "~db/schema";')).toEqual(["activities"]);
    expect(reExportsOf(inEvents, 'export * from "~db/schema";')).toEqual(["*"]);
    expect(reExportsOf(inEvents, 'export * as s from "../../../db/schema";')).toEqual(["*"]);
    expect(reExportsOf(inEvents, `${named}export { activities as rows };`)).toEqual(["activities"]);
    expect(reExportsOf(inEvents, `${named}export const rows = activities;`)).toEqual(["activities"]);
    expect(reExportsOf(inEvents, `${ns}export const rows = schema.users;`)).toEqual(["users"]);
    expect(reExportsOf(inEvents, 'export type { User } from "~db/schema";')).toEqual([]);
    expect(reExportsOf(inEvents, `${named}export { activityRow };`)).toEqual([]);

    // Reads of the activities table.
    const reads = (text: string) => readsActivities(inEvents, text);
    expect(reads('import {\n  activities,\n  users,\n} from "~db/schema";')).toBe(true);
    expect(reads(`${ns}db.select().from(schema.activities)`)).toBe(true);
    expect(reads("SELECT SUM(a.distance) FROM activities a JOIN challenges c")).toBe(true);
    expect(reads("SELECT 1 FROM users u JOIN activities a ON a.user_id = u.id")).toBe(true);
    expect(reads('SELECT 1 FROM "activities"')).toBe(true);
    expect(reads("app.db.query.activities.findFirst({})")).toBe(true);
    expect(reads(`${ns}db.select().from(schema.users)`)).toBe(false);
    expect(reads('import { activityVisibleTo } from "~/modules/activities/activity-sql.server";')).toBe(
      false,
    );
    expect(reads('import { users, type Activity } from "~db/schema";')).toBe(false);
    expect(reads("Personalised workouts based on your recent activities.")).toBe(false);
    expect(reads("/** Recomputes every participant from activities in one statement. */")).toBe(false);
    expect(reads("// rebuilt from activities in the batch")).toBe(false);
  });
});
