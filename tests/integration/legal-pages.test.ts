/**
 * /privacy and /terms (Strava launch readiness, issue #13 point 4): public
 * pages that show the support contact from the SUPPORT_EMAIL setting, and the
 * footer that links them from every page.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { STRAVA_SCOPES } from "~/modules/strava/oauth.server";
import { call, createUser, login } from "./helpers";

let memberCookie: string;

beforeAll(async () => {
  const m = await createUser({ profileCompleted: true });
  memberCookie = await login(m.username, m.password);
});

describe("privacy and terms pages", () => {
  it("the setting under test is not the wrangler.toml default", () => {
    expect(env.SUPPORT_EMAIL).toBe("help@cyclewari.test");
  });

  for (const path of ["/privacy", "/terms"]) {
    it(`${path} answers 200 to a guest with the support e-mail from SUPPORT_EMAIL`, async () => {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`href="mailto:${env.SUPPORT_EMAIL}"`);
      expect(html).not.toContain("support@example.com");
    });

    it(`${path} answers 200 to a signed-in member too`, async () => {
      const res = await call(path, { cookie: memberCookie });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(env.SUPPORT_EMAIL);
    });
  }

  it("/privacy names every Strava scope the app requests, what others see and how to get or delete data", async () => {
    const html = await (await call("/privacy")).text();
    for (const scope of STRAVA_SCOPES.split(",")) expect(html).toContain(scope);
    // Only what the product does today (issue #13 adds consent levels, disconnect and self-service data rights).
    expect(html).toContain("Other members</strong> see");
    expect(html).toContain("Disconnecting Strava");
    expect(html).toContain("Getting or deleting your data");
    // The rules are stated as the product's rules, not as promises.
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).not.toMatch(/\bwill\b/i);
  });

  it("every page's footer links /privacy and /terms (guest and member pages, and the 404 page)", async () => {
    const pages: [string, string | undefined][] = [
      ["/", undefined],
      ["/auth", undefined],
      ["/user-guide", undefined],
      ["/no-such-page", undefined],
      ["/dashboard", memberCookie],
      ["/profile/strava", memberCookie],
    ];
    for (const [path, cookie] of pages) {
      const res = await call(path, { cookie });
      expect(res.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      const html = await res.text();
      expect(html, path).toMatch(
        /<footer[^>]*>[\s\S]*href="\/privacy"[\s\S]*href="\/terms"[\s\S]*<\/footer>/,
      );
    }
  });
});
