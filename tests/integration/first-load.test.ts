/**
 * Issue #17, decision 028: what the first screen loads. The visitors' landing
 * page is HTML without React (one small module script); every page announces its
 * stylesheet in a Link header (sent as 103 Early Hints by Cloudflare); pages that
 * hydrate keep Remix's scripts in an inert template that the browser adds after
 * its first paint (app/ui/deferred-scripts.tsx; the browser side is in
 * tests/e2e/shell.spec.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, login } from "./helpers";

let member: string;

beforeAll(async () => {
  const m = await createUser({ profileCompleted: true });
  member = await login(m.username, m.password);
});

const moduleScripts = (html: string) =>
  [...html.matchAll(/<script[^>]*type="module"[^>]*>/g)].map((m) => m[0]);

/** The page split at Remix's scripts: what the browser runs as it parses, and the template. */
function deferred(html: string) {
  const match = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html);
  expect(match, "the scripts' template").not.toBeNull();
  return { live: html.replace(match![0], ""), template: match![1]! };
}

function expectDeferredScripts(html: string, link: string) {
  const { live, template } = deferred(html);
  // Nothing is fetched while the page is parsed: no module script or module preload outside it.
  expect(moduleScripts(live)).toHaveLength(0);
  expect(live).not.toContain("modulepreload");
  expect(template).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[^"]+\.js"/);
  expect(moduleScripts(template)).toHaveLength(1);
  expect(moduleScripts(template)[0]).toMatch(/nonce="/);
  expect(template).toContain("window.__remixContext");
  // The loader after it, allowed by the page's nonce, waits for the first contentful paint.
  const loader = /<script nonce="[^"]+">(\(function \(\) \{[\s\S]*?)<\/script>/.exec(live);
  expect(loader?.[1]).toContain('"app-scripts"');
  expect(loader?.[1]).toContain("first-contentful-paint");
  expect(link).toMatch(/<\/assets\/tailwind-[^>]+\.css>; rel=preload; as=style/);
  expect(link).not.toContain("modulepreload");
  // React and the router stack are chunks of their own (cached across deploys of app code), and
  // the root route's imports are one "shell" chunk, not a request per small module.
  const preloads = [...template.matchAll(/rel="modulepreload" href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  for (const chunk of ["react", "router", "shell"])
    expect(
      preloads.filter((p) => p.startsWith(`${chunk}-`)),
      chunk,
    ).toHaveLength(1);
  expect(preloads.filter((p) => /^(toast|avatar|brand|button|navigation|error-boundary)-/.test(p))).toEqual(
    [],
  );
}

describe("first load", () => {
  it("/ for a visitor runs no React: one small script, no Remix context", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Ride, run and grow together");
    expect(html).not.toContain("__remixContext");
    const scripts = moduleScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/src="\/assets\/static-page-[^"]+\.js"/);
    expect(scripts[0]).toMatch(/nonce="/);
    const link = res.headers.get("Link") ?? "";
    expect(link).toMatch(/<\/assets\/tailwind-[^>]+\.css>; rel=preload; as=style/);
    expect(link).not.toContain("modulepreload");
  });

  it("/ for a member is the dashboard, its scripts held back until the first paint", async () => {
    const res = await call("/", { cookie: member });
    expectDeferredScripts(await res.text(), res.headers.get("Link") ?? "");
  });

  it("/auth hydrates, its scripts held back until the first paint", async () => {
    const res = await call("/auth");
    expect(res.status).toBe(200);
    expectDeferredScripts(await res.text(), res.headers.get("Link") ?? "");
  });
});
