// The module folders of app/modules form a layered graph (docs/decisions/002-layout.md):
// (a) no cycle between module folders (through any chain of imports);
// (b) only `activities` writes the activities table (drizzle insert/update/delete
//     or raw INSERT INTO / UPDATE / DELETE FROM activities); db/seed.ts, scripts,
//     bench and tests/fakes are outside app/modules and not checked;
// (c) no module imports another module's components/ folder (use its ui.ts);
// (d) only `activities` reads the activities table too: no other module imports
//     the `activities` table from ~db/schema, names it in raw SQL or queries it
//     through `db.query.activities`. The lower `sports` module is the one
//     exception: it defines the sport SQL over the activities columns.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const MODULES = join(ROOT, "app/modules");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The module folder of an absolute path under app/modules, or null. */
function moduleOf(path: string): string | null {
  const rel = relative(MODULES, path);
  if (rel.startsWith("..")) return null;
  const [first, ...rest] = rel.split("/");
  return rest.length ? (first ?? null) : null;
}

/** Every import/export-from specifier of a file, resolved to an absolute path (packages: null). */
function imports(file: string, source: string): { spec: string; target: string | null }[] {
  const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*["']([^"']+)["']/g)].map(
    (m) => m[1] ?? "",
  );
  specs.push(...[...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? ""));
  specs.push(...[...source.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)].map((m) => m[1] ?? ""));
  return specs.map((spec) => {
    if (spec.startsWith("~/")) return { spec, target: join(ROOT, "app", spec.slice(2)) };
    if (spec.startsWith(".")) return { spec, target: resolve(dirname(file), spec) };
    return { spec, target: null };
  });
}

const sources = files(MODULES).map((file) => ({ file, source: readFileSync(file, "utf8") }));

/** module → modules it imports (with one example file each). */
function moduleGraph() {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, source } of sources) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const { target } of imports(file, source)) {
      const to = target ? moduleOf(target) : null;
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, relative(ROOT, file));
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

const WRITES_ACTIVITIES = [
  /\.(insert|update|delete)\(\s*activities\s*\)/,
  /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+activities\b/i,
  /\bUPDATE\s+activities\b/i,
  /\bDELETE\s+FROM\s+activities\b/i,
];

const READS_ACTIVITIES = [
  /\bimport\s*\{[^}]*\bactivities\b[^}]*\}\s*from\s*["']~db\/schema["']/,
  /\b(?:FROM|JOIN)\s+activities\b/i,
  /\.query\.activities\b/,
];
/** Source without its comments (prose such as "recomputes from activities in …" is no SQL). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/[^\n]*/g, "$1");
/** Modules that may read the activities table: its owner and the lower sports module. */
const ACTIVITIES_READERS = new Set(["activities", "sports"]);

describe("module boundaries (app/modules)", () => {
  it("has no cycle between module folders", () => {
    const graph = moduleGraph();
    const cycles = findCycles(graph).map((cycle) =>
      cycle
        .map((m, i) => (i + 1 < cycle.length ? `${m} (${graph.get(m)?.get(cycle[i + 1]!)})` : m))
        .join(" → "),
    );
    expect(cycles).toEqual([]);
  });

  it("lets only the activities module write the activities table", () => {
    const writers = sources
      .filter(({ file }) => moduleOf(file) !== "activities")
      .filter(({ source }) => WRITES_ACTIVITIES.some((re) => re.test(source)))
      .map(({ file }) => relative(ROOT, file));
    expect(writers).toEqual([]);
  });

  it("lets only the activities module (and the lower sports module) read the activities table", () => {
    const readers = sources
      .filter(({ file }) => !ACTIVITIES_READERS.has(moduleOf(file) ?? ""))
      .filter(({ source }) => READS_ACTIVITIES.some((re) => re.test(code(source))))
      .map(({ file }) => relative(ROOT, file));
    expect(readers).toEqual([]);
  });

  it("never imports another module's components/ folder", () => {
    const offenders = sources.flatMap(({ file, source }) => {
      const from = moduleOf(file);
      return imports(file, source)
        .filter(({ target }) => {
          if (!target || !from) return false;
          const to = moduleOf(target);
          return to !== null && to !== from && relative(join(MODULES, to), target).startsWith("components");
        })
        .map(({ spec }) => `${relative(ROOT, file)} imports ${spec}`);
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
    expect(WRITES_ACTIVITIES.some((re) => re.test("db.insert(activities).values(x)"))).toBe(true);
    expect(WRITES_ACTIVITIES.some((re) => re.test("DELETE FROM activities WHERE id = 1"))).toBe(true);
    expect(WRITES_ACTIVITIES.some((re) => re.test("SELECT * FROM activities"))).toBe(false);
    const reads = (text: string) => READS_ACTIVITIES.some((re) => re.test(code(text)));
    expect(reads('import {\n  activities,\n  users,\n} from "~db/schema";')).toBe(true);
    expect(reads("SELECT SUM(a.distance) FROM activities a JOIN challenges c")).toBe(true);
    expect(reads("SELECT 1 FROM users u JOIN activities a ON a.user_id = u.id")).toBe(true);
    expect(reads("app.db.query.activities.findFirst({})")).toBe(true);
    expect(reads('import { activityVisibleTo } from "~/modules/activities/activity-sql.server";')).toBe(
      false,
    );
    expect(reads('import { users, type Activity } from "~db/schema";')).toBe(false);
    expect(reads("Personalised workouts based on your recent activities.")).toBe(false);
    expect(reads("/** Recomputes every participant from activities in one statement. */")).toBe(false);
    expect(reads("// rebuilt from activities in the batch")).toBe(false);
  });
});
