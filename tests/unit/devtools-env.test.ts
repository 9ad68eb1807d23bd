/**
 * `npm start` runs wrangler dev without its DevTools inspector unless DEVTOOLS=1 (decision 028).
 * Moved from tests/e2e/shell.spec.ts when the end-to-end servers stopped running wrangler dev
 * (decision 033): the setting start.ts passes, and the wrangler code that reads it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { devtoolsEnv } from "~scripts/devtools-env";

describe("wrangler's DevTools inspector under npm start", () => {
  it("is off unless DEVTOOLS=1", () => {
    expect(devtoolsEnv({})).toEqual({ VSCODE_INSPECTOR_OPTIONS: "{}" });
    expect(devtoolsEnv({ VSCODE_INSPECTOR_OPTIONS: '{"x":1}' })).toEqual({
      VSCODE_INSPECTOR_OPTIONS: '{"x":1}',
    });
    expect(devtoolsEnv({ DEVTOOLS: "1" })).toEqual({});
  });

  it("wrangler turns its inspector proxy off when VSCODE_INSPECTOR_OPTIONS is set (the switch start.ts uses)", () => {
    const cli = readFileSync("node_modules/wrangler/wrangler-dist/cli.js", "utf8");
    expect(cli).toContain("const inVscodeJsDebugTerminal = !!process.env.VSCODE_INSPECTOR_OPTIONS;");
    expect(cli).toMatch(/return this\.latestConfig\?\.dev\.inspector !== false && !inVscodeJsDebugTerminal;/);
  });
});
