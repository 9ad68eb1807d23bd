/**
 * The brand palette as named tokens (issue #17, docs/decisions/028-charts-and-first-load.md).
 * Contrast (WCAG 2.1 AA), measured on white / gray-50 (#f9fafb) / brand-tint:
 *  - `brand` (#c2410c): white text on it 5.18:1; as text 5.18 / 4.96 / 4.88:1.
 *  - `brand-strong` (#9a3412): hover fill, text on brand-soft (7.3:1 with white).
 *  - `brand-ink` (#7c2d12): headings on tinted panels (9.6:1 on white).
 *  - `brand-accent` (#ea580c): non-text UI only (focus rings, borders, checks): 3.55:1 on white, not for text.
 *  - `brand-line` (#fdba74), `brand-soft` (#ffedd5), `brand-tint` (#fff7ed): backgrounds and decorative lines.
 * No page names a raw brand colour (orange-*, brand-<shade>): scripts/brand-colours.ts rewrites
 * them to these tokens and tests/unit/brand-colours.test.ts fails when one appears.
 */
export const BRAND = {
  DEFAULT: "#c2410c",
  strong: "#9a3412",
  ink: "#7c2d12",
  accent: "#ea580c",
  line: "#fdba74",
  soft: "#ffedd5",
  tint: "#fff7ed",
} as const;
