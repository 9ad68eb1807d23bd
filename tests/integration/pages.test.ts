/**
 * The pages as HTML from the Worker, where a browser would add nothing: the
 * footer on every page, the legal pages' contents, the not-found page, the
 * page route convention (decision 002) and what the first screen loads
 * (decision 028), the first run and the navigation of issue #37. One file, one workerd start. The browser journeys over the
 * same pages are in tests/e2e (privacy-brand, shell, a11y, ux).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { STRAVA_SCOPES } from "~/modules/strava/oauth.server";
import { call, cookiesFrom, createUser, json, linkFromLatestEmail, login, unique } from "./helpers";

const headers = { Host: "localhost:8787" };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

let member: string;
let memberId: number;
let admin: string;
let challengeId: number;
let eventId: number;

beforeAll(async () => {
  const m = await createUser({ profileCompleted: true });
  memberId = m.id;
  member = await login(m.username, m.password);
  const a = await createUser({ isAdmin: true, profileCompleted: true });
  admin = await login(a.username, a.password);
  const challenge = await call("/api/challenges", {
    cookie: admin,
    body: {
      title: "Pages Ride",
      description: "A challenge for the page tests",
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      sportType: "Ride",
      targetDistance: 200_000,
      targetTime: null,
      isActive: true,
    },
  });
  expect(challenge.status).toBe(201);
  challengeId = (await json<{ id: number }>(challenge)).id;
  const event = await call("/api/events", {
    cookie: admin,
    body: {
      title: "Pages Century",
      description: "100 km through the hills.",
      date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      location: "Pune",
      fee: 150000,
      maxParticipants: null,
      isActive: true,
    },
  });
  expect(event.status).toBe(201);
  eventId = (await json<{ id: number }>(event)).id;
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
      const res = await call(path, { cookie: member });
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
});

describe("page actions parse their intents", () => {
  const cases: [string, () => string, string][] = [
    ["/wari", () => member, "Unknown action"],
    ["/recommendations", () => member, "Unknown action"],
    ["/profile", () => member, "Unknown action"],
    ["/profile-settings", () => member, "Unknown action"],
    ["/challenges?index", () => member, "Unknown action"],
    ["/activities/upload", () => member, "Unknown action"],
    ["/events?index", () => admin, "Unknown intent"],
  ];
  for (const [path, cookie, message] of cases) {
    it(`${path}: an unknown intent is a 400 saying "${message}"`, async () => {
      for (const intent of ["nope", "", "__proto__"]) {
        const res = await call(path, { cookie: cookie(), headers, body: form({ intent }) });
        expect(res.status, `${path} intent=${intent}`).toBe(400);
        expect(await res.text()).toContain(message);
      }
    });
  }

  it("/events/{id}: an unknown intent on the participants form is a 400", async () => {
    const res = await call("/events/1", { cookie: admin, headers, body: form({ intent: "drop-table" }) });
    expect(res.status).toBe(400);
  });
});

describe("not-found is thrown and worded by the route's error boundary", () => {
  const cases: [string, () => string, string][] = [
    ["/challenges/987654", () => member, "Challenge not found"],
    ["/challenges/abc", () => member, "Challenge not found"],
    ["/events/987654", () => member, "Event not found"],
    ["/events/abc/payment", () => member, "Event not found"],
    ["/feedback/history/987654", () => member, "Feedback not found. It may have been deleted."],
    ["/admin/feedback/987654", () => admin, "Feedback not found. It may have been deleted."],
    ["/admin/feedback/abc", () => admin, "Feedback not found. It may have been deleted."],
  ];
  for (const [path, cookie, text] of cases) {
    it(`${path} answers 404 with "${text}"`, async () => {
      const res = await call(path, { cookie: cookie() });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(text);
    });
  }
});

describe("the footer links /privacy and /terms on every page (moved from tests/e2e/privacy-brand.spec.ts)", () => {
  const footerLinks =
    /<footer[^>]*>[\s\S]*href="\/privacy"[^>]*>Privacy<[\s\S]*href="\/terms"[^>]*>Terms<[\s\S]*<\/footer>/;
  const cases: [string, () => string, () => string | undefined][] = [
    ...["/", "/auth", "/forgot-password", "/user-guide", "/terms", "/privacy", "/no-such-page"].map(
      (path): [string, () => string, () => string | undefined] => ["guest", () => path, () => undefined],
    ),
    ...[
      "/dashboard",
      "/activities",
      "/challenges",
      "/challenges/{challenge}",
      "/recommendations",
      "/wari",
      "/events",
      "/feedback",
      "/feedback/history",
      "/profile-settings",
      "/profile/strava",
      "/user-guide",
    ].map((path): [string, () => string, () => string | undefined] => ["member", () => path, () => member]),
    ...[
      "/admin",
      "/admin/users/{member}",
      "/admin/feedback",
      "/admin/challenges/{challenge}",
      "/events/{event}",
      "/activities?userId={member}",
    ].map((path): [string, () => string, () => string | undefined] => ["admin", () => path, () => admin]),
  ];
  for (const [role, path, cookie] of cases) {
    it(`${path()} as ${role}`, async () => {
      const url = path()
        .replace("{challenge}", String(challengeId))
        .replace("{event}", String(eventId))
        .replace("{member}", String(memberId));
      const res = await call(url, { cookie: cookie() });
      expect(res.status, url).toBe(url === "/no-such-page" ? 404 : 200);
      expect(await res.text(), url).toMatch(footerLinks);
    });
  }
});

describe("the legal pages link each other (moved from tests/e2e/privacy-brand.spec.ts)", () => {
  it("/privacy: its sections as headings, the support address as a mailto link, and the terms linked", async () => {
    const html = await (await call("/privacy")).text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    for (const heading of ["Who sees what", "Disconnecting Strava", "Getting or deleting your data"])
      expect(main).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    expect(main).toMatch(/data-testid="strava-scopes"[\s\S]*activity:read_all[\s\S]*profile:read_all/);
    expect(main).toContain(`<a href="mailto:${env.SUPPORT_EMAIL}"`);
    expect(main).toMatch(/<a [^>]*href="\/terms"[^>]*>terms of use<\/a>/);
  });

  it("/terms: its title and the privacy policy linked", async () => {
    const html = await (await call("/terms")).text();
    expect(html).toMatch(/<h1[^>]*>Terms of use<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*>privacy policy<\/a>/);
  });
});

describe("Powered by Strava where Strava data appears (moved from tests/e2e/privacy-brand.spec.ts)", () => {
  const powered =
    /data-testid="powered-by-strava"[^>]*><span>Powered by<\/span>[\s\S]{0,600}?Strava<\/span><\/p>/;
  for (const path of ["/dashboard", "/activities", "/challenges", "/challenges/{challenge}"]) {
    it(path, async () => {
      const url = path.replace("{challenge}", String(challengeId));
      const res = await call(url, { cookie: member });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(powered);
    });
  }

  it("but not on /privacy", async () => {
    expect(await (await call("/privacy", { cookie: member })).text()).not.toContain("powered-by-strava");
  });
});

describe("the not-found page (moved from tests/e2e/shell.spec.ts and ux.spec.ts)", () => {
  it("an unknown path answers 404 with the page's heading and a title that says so", async () => {
    const res = await call("/definitely/not/here");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toMatch(/<title>[^<]*not found[^<]*<\/title>/i);
  });
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

describe("first load (decision 028)", () => {
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

/** The header's "Verify your email address to unlock the app" note (app/ui/header.tsx). */
const VERIFY_NOTE = 'data-testid="verify-note"';
const count = (html: string, text: string) => html.split(text).length - 1;
/** The page as rendered: without Remix's context script (loader data may repeat words) and React's text separators. */
const rendered = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");

describe("first run (issue #37 item 8)", () => {
  it("a new member's profile settings: one verify warning, no Disconnect Strava; 'Email verified' has no verify note", async () => {
    const username = unique("first");
    const reg = await call("/api/register", {
      body: { username, email: `${username}@example.com`, password: "Secret@123" },
    });
    expect(reg.status).toBe(201);
    const cookie = cookiesFrom(reg);

    const settings = rendered(await (await call("/profile-settings", { cookie })).text());
    expect(settings).not.toContain(VERIFY_NOTE);
    expect(count(settings, "Please verify your email address")).toBe(1);
    expect(settings).toContain("Strava is not connected.");
    expect(settings).not.toContain("Disconnect Strava");
    expect(settings).not.toContain('data-testid="strava-disconnect"');
    // One primary (solid) button in the profile form: Save Profile; "Next" and "Mark as Complete" are secondary.
    const form = settings.slice(
      settings.indexOf('id="profile-wizard"'),
      settings.indexOf("</form>", settings.indexOf('id="profile-wizard"')),
    );
    const primaries = [...form.matchAll(/<button[^>]*class="([^"]*)"[^>]*>([^<]*)/g)]
      .filter((m) => m[1]!.split(" ").some((c) => /^bg-(brand|gray-[6-9]00)$/.test(c)))
      .map((m) => m[2]);
    expect(primaries).toEqual(["Save Profile"]);
    // Elsewhere the confined member still sees the note.
    expect(await (await call("/user-guide", { cookie })).text()).toContain(VERIFY_NOTE);

    const link = await linkFromLatestEmail(`${username}@example.com`, "Verify");
    const verified = rendered(await (await call(link.pathname + link.search, { cookie })).text());
    expect(verified).toContain("Email verified");
    expect(verified).not.toContain(VERIFY_NOTE);

    // The first dashboard says "Welcome", not "Welcome back".
    const dashboard = rendered(await (await call("/dashboard", { cookie })).text());
    expect(dashboard).toContain(`Welcome, ${username}.`);
    expect(dashboard).not.toContain("Welcome back");
  });
});

describe("navigation (issue #37 item 7)", () => {
  it("Activities is in the main navigation; the footer links the user guide", async () => {
    const html = rendered(await (await call("/dashboard", { cookie: member })).text());
    const nav = /<nav[^>]*aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    const links = [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.slice(0, 2)).toEqual(["/dashboard", "/activities"]);
    expect(html).toMatch(/<footer[^>]*>[\s\S]*href="\/user-guide"[^>]*>User Guide<[\s\S]*<\/footer>/);
  });

  it("a guest sent to sign in from a member's page is redirected in place (Back after logout goes on)", async () => {
    // The browser's own Back over Remix's client navigations is checked in tests/e2e/accounts.spec.ts.
    for (const path of ["/dashboard", "/profile-settings"]) {
      const res = await call(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/auth\?redirectTo=/);
      expect(res.headers.get("X-Remix-Replace"), path).toBe("true");
    }
  });
});

describe("nothing frozen in time (issue #38 item 6)", () => {
  it("the user guide tells the current Wari edition from its row: the 2025 one as past, then the next one", async () => {
    const before = await (await call("/user-guide?tab=wari")).text();
    expect(before).toMatch(/aria-selected="true"[^>]*>Wari 2025</);
    expect(before).toContain("IAS CycleWari 2025 was our annual one-day challenge");
    expect(before).toContain("250 km in a single day on June 7, 2025");

    const year = new Date().getUTCFullYear() + 1;
    const created = await call("/api/admin/wari/editions", {
      cookie: admin,
      body: { year, name: `IAS CycleWari ${year}`, date: `${year}-06-05`, distanceKm: 300 },
    });
    expect(created.status).toBe(201);
    const html = await (await call("/user-guide?tab=wari")).text();
    expect(html).toMatch(new RegExp(`aria-selected="true"[^>]*>Wari ${year}<`));
    expect(html).toContain(`IAS CycleWari ${year} is our annual one-day challenge`);
    expect(html).toContain(`300 km in a single day on June 5, ${year}`);
    expect(html).toContain(`Registered for ${year}`);
    expect(html).not.toContain("2025");
    expect((await call(`/api/admin/wari/editions/${year}`, { method: "DELETE", cookie: admin })).status).toBe(
      200,
    );
  });
});
