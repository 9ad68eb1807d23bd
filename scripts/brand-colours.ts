/**
 * Rewrites raw brand colour utilities in app/ to the named tokens of
 * tailwind.config.ts (issue #17): `npx tsx scripts/brand-colours.ts` (rewrites
 * files, prints what changed) or `--check` (lists them, exits 1 if any).
 * Rerunnable: the tokens themselves never match, so a second run changes nothing.
 *
 * Raw brand colours are Tailwind's `orange-<shade>` and the old numbered
 * `brand-<shade>` scale. The token depends on the shade and on what the
 * utility paints:
 *  - 50 → tint, 100/200 → soft, 300/400 → line (backgrounds, decorative borders);
 *  - 500 → accent, and 600 on borders, rings, outlines, strokes (UI parts, 3:1);
 *  - 600 and 700 as text or fill → brand (white on it and it on white: 5.18:1);
 *    700 as a hover/active fill, 800 → strong; 900/950 → ink.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** A utility naming a raw brand colour, with its variants (hover:, md:, …) and opacity. */
export const RAW_BRAND =
  /(?<![\w-])((?:[\w-]+:)*)([a-z]+(?:-[a-z]+)*)-(orange|brand)-(\d{2,3})(\/\d{1,3})?(?![\w-])/g;

const LINE_UTILITIES = /^(border(-[trblxy])?|ring|ring-offset|outline|divide|stroke|decoration)$/;

export function tokenFor(variants: string, utility: string, shade: number): string {
  if (shade <= 50) return "tint";
  if (shade <= 200) return "soft";
  if (shade <= 400) return "line";
  if (shade === 500) return "accent";
  if (shade === 600) return LINE_UTILITIES.test(utility) ? "accent" : "";
  if (shade === 700) {
    return /(^|:)(hover|active):/.test(variants) ? "strong" : "";
  }
  if (shade === 800) return "strong";
  return "ink";
}

/** The source with every raw brand utility replaced by its token. */
export function rewriteBrandClasses(source: string): string {
  return source.replace(
    RAW_BRAND,
    (_m, variants: string, utility: string, _c, shade: string, alpha?: string) => {
      const token = tokenFor(variants, utility, Number(shade));
      return `${variants}${utility}-brand${token ? `-${token}` : ""}${alpha ?? ""}`;
    },
  );
}

/** Every raw brand utility in the source, with its line number. */
export function findRawBrandClasses(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  source.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(RAW_BRAND)) found.push({ line: i + 1, text: m[0] });
  });
  return found;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : /\.(tsx?|jsx?|css)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

if (process.argv[1]?.endsWith("brand-colours.ts")) {
  const root = resolve(import.meta.dirname, "..");
  const check = process.argv.includes("--check");
  let count = 0;
  for (const file of sourceFiles(join(root, "app"))) {
    const source = readFileSync(file, "utf8");
    const raw = findRawBrandClasses(source);
    if (raw.length === 0) continue;
    count += raw.length;
    for (const r of raw) console.log(`${relative(root, file)}:${r.line}  ${r.text}`);
    if (!check) writeFileSync(file, rewriteBrandClasses(source));
  }
  console.log(check ? `${count} raw brand colour utilities` : `rewrote ${count} raw brand colour utilities`);
  if (check && count > 0) process.exit(1);
}
