// Decision 002: every page route exports an ErrorBoundary, so a thrown 404 or
// 4xx (idParam, requireFound, readForm's 415/400) renders inside the layout
// with the page's wording instead of falling through to the root's boundary.
// A page route is a file of app/routes that exports a default component;
// resource routes (/api, the CSV and calendar exports, /logout) have none.
// Exports are read with the TypeScript parser, not a regex.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROUTES = resolve(import.meta.dirname, "../../app/routes");

/** The names a module exports (`default` for a default export). */
export function exportedNames(source: string, file = "route.tsx"): Set<string> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names = new Set<string>();
  for (const statement of sf.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (ts.isExportAssignment(statement)) names.add("default");
    else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    else if (exported && isDefault) names.add("default");
    else if (
      exported &&
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
    else if (exported && ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.add(d.name.text);
  }
  return names;
}

const routeFiles = readdirSync(ROUTES).filter((name) => /\.tsx?$/.test(name));
const pages = routeFiles.filter((name) =>
  exportedNames(readFileSync(join(ROUTES, name), "utf8"), name).has("default"),
);

describe("page routes", () => {
  it("reads default, function, const and re-exported names", () => {
    const names = exportedNames(
      "export default function Page() {}\nexport const meta = () => [];\nexport { ErrorBoundary } from './x';\nfunction ErrorBoundaryNot() {}",
    );
    expect([...names].sort()).toEqual(["ErrorBoundary", "default", "meta"]);
    expect(exportedNames("export async function loader() {}").has("default")).toBe(false);
  });

  it("are found (the pages, not the /api resource routes)", () => {
    expect(pages.length).toBeGreaterThan(35);
    expect(pages).toContain("events.$id.tsx");
    expect(pages.some((name) => name.startsWith("api."))).toBe(false);
  });

  it("each export an ErrorBoundary (decision 002)", () => {
    const without = pages.filter(
      (name) => !exportedNames(readFileSync(join(ROUTES, name), "utf8"), name).has("ErrorBoundary"),
    );
    expect(without).toEqual([]);
  });
});
