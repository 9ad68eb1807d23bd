// The docs name files and functions a newcomer will open: every one must exist.
// (a) Every repository path in backticks in README.md and docs/**/*.md (a word
//     starting app/, tests/, scripts/, bench/, docs/, db/, workers/ or public/,
//     and a decision record named by its file, `016-seat-holds.md`) exists.
//     Paths with a placeholder (`app/modules/<area>/`, `tests/e2e/<file>.spec.ts`,
//     `NNN-title.md`, `*`, `{…}`) are patterns, not files, and are skipped.
// (b) Every function docs/style.md's examples call, and the model names it
//     gives for module functions, is exported by app/, workers/ or db/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PREFIXES = ["app/", "tests/", "scripts/", "bench/", "docs/", "db/", "workers/", "public/"];
/** Made by running the app or the tests, so absent from a clean checkout. */
const GENERATED = ["tests/e2e/.artifacts/"];

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name), keep) : keep(e.name) ? [join(dir, e.name)] : [],
  );
}

const docs = () => [
  "README.md",
  ...walk(join(ROOT, "docs"), (n) => n.endsWith(".md")).map((f) => f.slice(ROOT.length + 1)),
];

/** The repository paths a markdown text names in inline code (fenced blocks are left out). */
export function pathsIn(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  const words = [...prose.matchAll(/`([^`\n]+)`/g)].flatMap((m) => (m[1] ?? "").split(/\s+/));
  return words
    .map((w) => w.replace(/^[("']+|[)"',;.]+$/g, "").replace(/:\d+(-\d+)?$/, ""))
    .filter(
      (w) =>
        (PREFIXES.some((p) => w.startsWith(p)) || /^\d{3}-[\w-]+\.md$/.test(w)) &&
        !/[<>*{}…]|\.\.\.|NNN/.test(w) &&
        !GENERATED.some((g) => w.startsWith(g)),
    )
    .map((w) => (/^\d{3}-/.test(w) ? `docs/decisions/${w}` : w));
}

/** The functions docs/style.md holds up: those its code examples call, and its model names. */
export function styleFunctionNames(markdown: string): string[] {
  const code = [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? "").join("\n");
  const declared = new Set([...code.matchAll(/function\s+(\w+)/g)].map((m) => m[1]));
  const called = [...code.matchAll(/(?<![.\w])([A-Za-z_]\w*)\s*\(/g)]
    .map((m) => m[1] ?? "")
    .filter((name) => !declared.has(name) && !["function", "if", "return", "await", "async"].includes(name));
  const modelLine = markdown.match(/A module function is named[\s\S]*?(?= — not|\n\n)/)?.[0] ?? "";
  const models = [...modelLine.matchAll(/`(\w+)`/g)].map((m) => m[1] ?? "");
  return [...new Set([...called, ...models])];
}

function exported(name: string): boolean {
  const sources = ["app", "workers", "db"].flatMap((d) => walk(join(ROOT, d), (n) => /\.(ts|tsx)$/.test(n)));
  const pattern = new RegExp(
    `export\\s+(?:async\\s+)?(?:function\\*?|const|let|class)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
  );
  return sources.some((file) => pattern.test(readFileSync(file, "utf8")));
}

describe("what the docs name exists", () => {
  it("finds paths in inline code and skips patterns and fenced blocks", () => {
    const md =
      "See `app/lib/format.ts:187`, `npx tsx scripts/brand-colours.ts` and `016-seat-holds.md`;\n" +
      "not `app/modules/<area>/`, `tests/e2e/<file>.spec.ts` or `${APP_URL}`.\n```\napp/ routes/\n```\n";
    expect(pathsIn(md)).toEqual([
      "app/lib/format.ts",
      "scripts/brand-colours.ts",
      "docs/decisions/016-seat-holds.md",
    ]);
  });

  it("finds the functions style.md's examples call, not methods or what the example declares", () => {
    const md =
      "- A module function is named for what it does: `joinChallenge`, `readinessOf` — not `handleJoin`.\n\n" +
      "```ts\nexport async function action() {\n  const user = await requireVerifiedUser(context.app, request);\n  return Response.json(await joinChallenge(user));\n}\n```\n";
    expect(styleFunctionNames(md).sort()).toEqual(["joinChallenge", "readinessOf", "requireVerifiedUser"]);
  });

  it.each(docs())("every path %s names exists", (doc) => {
    const missing = pathsIn(readFileSync(join(ROOT, doc), "utf8")).filter((p) => !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it("every function docs/style.md's examples name is exported by the app", () => {
    const names = styleFunctionNames(readFileSync(join(ROOT, "docs/style.md"), "utf8"));
    expect(names.length).toBeGreaterThan(4);
    expect(names.filter((name) => !exported(name))).toEqual([]);
  });
});
