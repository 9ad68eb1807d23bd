/**
 * The end-to-end servers' clock (docs/decisions/048): with TEST_CLOCK=1, a
 * request may name the instant the server takes for "now" in an `X-Test-Now`
 * header, so a Playwright journey can stand before, on and after a Wari ride
 * day on the server as `page.clock` does in the browser. Off unless the
 * variable is set, and only the e2e servers set it (playwright.config.ts ->
 * scripts/start.ts -> scripts/serve-miniflare.ts; never wrangler.toml or
 * .dev.vars.example). Never on https: the header is ignored there, and
 * `configurationProblem` refuses to serve at all while TEST_CLOCK is set.
 */
import type { Env } from "~workers/env";
import type { AppContext } from "~workers/load-context";
import { servesHttps } from "./config.server";

export const TEST_NOW_HEADER = "X-Test-Now";

/** The instant the request names, when the test clock is on and the request is plain http; else null. */
export function testClockNow(env: Pick<Env, "APP_URL" | "TEST_CLOCK">, request: Request): Date | null {
  if (env.TEST_CLOCK !== "1" || servesHttps(env) || new URL(request.url).protocol !== "http:") return null;
  const value = request.headers.get(TEST_NOW_HEADER);
  const at = value ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? new Date(at) : null;
}

/** The app's clock set to the request's `X-Test-Now`, when the test clock allows it. */
export function withTestClock(app: AppContext, request: Request): AppContext {
  const at = testClockNow(app.env, request);
  return at ? { ...app, now: () => new Date(at) } : app;
}
