/**
 * Issue #17, decision 028: what the first screen loads. The visitors' landing
 * page is HTML without React (one small module script); pages that hydrate
 * announce their stylesheet and entry modules in a Link header (sent as 103
 * Early Hints by Cloudflare).
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

  it("/ for a member is the hydrated dashboard, with its entry modules in the Link header", async () => {
    const res = await call("/", { cookie: member });
    const html = await res.text();
    expect(html).toContain("__remixContext");
    const link = res.headers.get("Link") ?? "";
    expect(link).toMatch(/rel=preload; as=style/);
    expect(link).toMatch(/<\/assets\/entry\.client-[^>]+\.js>; rel=modulepreload/);
  });

  it("/auth hydrates and preloads its entry modules", async () => {
    const res = await call("/auth");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("__remixContext");
    expect(res.headers.get("Link")).toMatch(/rel=modulepreload/);
  });
});
