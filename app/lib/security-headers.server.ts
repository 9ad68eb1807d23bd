/**
 * Security headers for every answer the Worker gives (pages, Remix `.data`,
 * /api, redirects, errors), set once in workers/app.ts. Static /assets never
 * reach the Worker; public/_headers covers them. Choices and their reasons:
 * docs/decisions/017-response-headers.md.
 */
import type { Env } from "~workers/env";
import { mapTilesSetting, servesHttps } from "./config.server";
import { toBase64 } from "./encoding";

/** A fresh per-request nonce for the page's inline scripts (128 random bits). */
export function createNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * Where the payment checkout comes from and talks to: the origin of
 * RAZORPAY_CHECKOUT_URL (the script, its own calls) and of RAZORPAY_API_URL.
 * Razorpay's real checkout draws its modal in an iframe from api.razorpay.com
 * and reports to other razorpay.com hosts (lumberjack, cdn), so with the real
 * provider its own domain is allowed for frames and connections.
 */
function checkoutSources(env: Pick<Env, "RAZORPAY_CHECKOUT_URL" | "RAZORPAY_API_URL">) {
  const script = originOf(env.RAZORPAY_CHECKOUT_URL);
  const origins = [
    ...new Set([script, originOf(env.RAZORPAY_API_URL)].filter((o): o is string => Boolean(o))),
  ];
  const razorpay = origins.some((o) => /^https:\/\/([a-z0-9-]+\.)*razorpay\.com$/.test(o))
    ? ["https://*.razorpay.com"]
    : [];
  return { script: script ? [script] : [], talk: [...origins, ...razorpay] };
}

/** Where members' Strava photos and Google pictures come from, when that is not https. */
function pictureSources(env: Pick<Env, "STRAVA_API_URL" | "GOOGLE_USERINFO_URL">): string[] {
  const origins = [originOf(env.STRAVA_API_URL), originOf(env.GOOGLE_USERINFO_URL)];
  return [...new Set(origins.filter((o): o is string => Boolean(o) && !o!.startsWith("https:")))];
}

/** The configured basemap's tile origin (MAP_TILES_URL), none without one or for a PMTiles archive (served here). */
function tileSources(env: Env): string[] {
  const origin = mapTilesSetting(env)?.origin;
  return origin ? [origin] : [];
}

/** The page policy: scripts only from this origin, with this request's nonce, and from the checkout. */
export function pageContentSecurityPolicy(env: Env, nonce: string): string {
  const checkout = checkoutSources(env);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, ...checkout.script],
    // React, Headless UI and ApexCharts write style attributes, ApexCharts injects a <style>: see decision 017.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Profile pictures are any https address (and the Strava and Google hosts as configured, which
    // are plain http for the local fakes); screenshot previews are blob: URLs; ApexCharts uses data: URIs.
    // The basemap's tile host (MAP_TILES_URL, decision 050) only when one is configured.
    ["img-src", "'self'", "data:", "blob:", "https:", ...pictureSources(env), ...tileSources(env)],
    ["font-src", "'self'", "data:"],
    // The check-in page's QR reader (qr-scanner) decodes in a worker it starts from a blob: URL.
    ["worker-src", "'self'", "blob:"],
    ["connect-src", "'self'", ...checkout.talk],
    ["frame-src", ...(checkout.talk.length > 0 ? checkout.talk : ["'none'"])],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["object-src", "'none'"],
  ];
  if (servesHttps(env)) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Anything that is not a page (JSON, .data, redirects, plain errors) may load and be framed by nothing. */
export const NON_DOCUMENT_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The Worker's answer with the security headers added. `nonce` is the one the
 * page was rendered with. A Content-Security-Policy the route set itself (the
 * feedback screenshot's sandbox) is kept. Nothing the Worker answers is
 * cached: pages carry a one-time nonce and the signed-in member's data, .data
 * and /api answers carry member data (static files are served from /assets
 * with their own caching, public/_headers). The one exception is an image the
 * route marked `private, max-age=…` itself: the basemap's tiles (decision 057),
 * the same for every member, kept by the member's browser only.
 */
export function withSecurityHeaders(response: Response, env: Env, nonce: string): Response {
  // A copy: responses built by Response.redirect() or fetch() have immutable headers.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", html ? pageContentSecurityPolicy(env, nonce) : NON_DOCUMENT_CSP);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  const keptImage =
    (headers.get("Content-Type") ?? "").startsWith("image/") &&
    /^private, max-age=\d+$/.test(headers.get("Cache-Control") ?? "");
  if (!keptImage) headers.set("Cache-Control", "no-store");
  if (servesHttps(env)) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return secured;
}
