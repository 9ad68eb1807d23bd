import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** app/modules/<a>/… may not import ~/modules/<b>/components/… (or a relative path there) for b ≠ a. */
const noForeignComponents = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const own = /app\/modules\/([^/]+)\//.exec(context.filename.replace(/\\/g, "/"))?.[1];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string" || !own) return;
      const target = spec.startsWith("~/modules/")
        ? spec.slice("~/modules/".length)
        : spec.startsWith("../")
          ? spec.slice(3)
          : null;
      const [module, folder] = target?.split("/") ?? [];
      if (module && module !== own && folder === "components")
        context.report({
          node: node.source,
          message: `Import ${module}'s public components from ~/modules/${module}/ui, not its components/ folder.`,
        });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".wrangler/**",
      ".cache/**",
      "node_modules/**",
      "playwright-report/**",
      "test-results/**",
      "db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      "@typescript-eslint/no-namespace": "off",
      "@typescript-eslint/no-empty-object-type": "off",
      // One way to reach another folder: the aliases (~/, ~db/, ~workers/, ~scripts/, ~bench/), never a ../../ chain.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./){2,}",
              message: "Use the ~/, ~db/, ~workers/, ~scripts/ or ~bench/ alias instead of a ../../ chain.",
            },
          ],
        },
      ],
    },
  },
  // A module reaches another module's components only through its ui.ts, never its components/ folder
  // (tests/unit/module-boundaries.test.ts checks the same, plus cycles and writes of the activities table).
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    plugins: { local: { rules: { "no-foreign-components": noForeignComponents } } },
    rules: { "local/no-foreign-components": "error" },
  },
  // Dates, times and money go through app/lib/format.ts only (issue #37, decision 035): a
  // toLocale*String or Intl call elsewhere formats in the runtime's own zone and locale, so the
  // server's HTML and the browser's hydration disagree (React #418) and the styles drift.
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: ["app/lib/format.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/], MemberExpression[object.name='Intl']",
          message:
            "Format dates, times, numbers and money with app/lib/format.ts (and useDates() in components), not toLocale*String or Intl.",
        },
      ],
    },
  },
  // Playwright fixtures take a `use` callback that is not a React hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
