// Issue #17: no page names a raw brand colour utility (orange-*, brand-<shade>);
// they use the named tokens of tailwind.config.ts, whose contrast passes WCAG AA.
// Fix a failure with `npx tsx scripts/brand-colours.ts`.
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findRawBrandClasses, rewriteBrandClasses, sourceFiles } from "~scripts/brand-colours";
import { BRAND } from "~/ui/brand";

const ROOT = resolve(import.meta.dirname, "../..");

/** WCAG 2.1 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("brand colours", () => {
  it("app/ names no raw brand colour utility", () => {
    const found = sourceFiles(resolve(ROOT, "app")).flatMap((file) =>
      findRawBrandClasses(readFileSync(file, "utf8")).map(
        (r) => `${relative(ROOT, file)}:${r.line} ${r.text}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("rewrites raw utilities to tokens by what they paint, and is rerunnable", () => {
    const before =
      'className="bg-brand-600 hover:bg-brand-700 text-orange-700 focus:ring-brand-500/30 border-brand-600 bg-orange-50 md:hover:text-brand-800 from-brand-50"';
    const after = rewriteBrandClasses(before);
    expect(after).toBe(
      'className="bg-brand hover:bg-brand-strong text-brand focus:ring-brand-accent/30 border-brand-accent bg-brand-tint md:hover:text-brand-strong from-brand-tint"',
    );
    expect(rewriteBrandClasses(after)).toBe(after);
    expect(findRawBrandClasses(after)).toEqual([]);
    // Not colours: other words that merely contain the names.
    expect(findRawBrandClasses("orange-ish brand-new strava-brand-600x")).toEqual([]);
  });

  it("text and control tokens pass WCAG AA", () => {
    const white = "#ffffff";
    const gray50 = "#f9fafb";
    for (const text of [BRAND.DEFAULT, BRAND.strong, BRAND.ink]) {
      for (const bg of [white, gray50, BRAND.tint]) expect(contrast(text, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(white, BRAND.DEFAULT)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(white, BRAND.strong)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(BRAND.strong, BRAND.soft)).toBeGreaterThanOrEqual(4.5);
    // UI parts (focus rings, borders of controls): 3:1 against the page.
    for (const bg of [white, gray50]) expect(contrast(BRAND.accent, bg)).toBeGreaterThanOrEqual(3);
  });
});
