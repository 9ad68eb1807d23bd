/**
 * Cross-site request protection: unsafe methods are accepted only from the
 * app's own origin (Origin header, else Sec-Fetch-Site). Provider webhooks are
 * exempt; they are verified by signature or verify token instead.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const WEBHOOK_PATHS = ["/api/webhooks/"];

export function isAllowedOrigin(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const url = new URL(request.url);
  if (WEBHOOK_PATHS.some((prefix) => url.pathname.startsWith(prefix))) return true;
  const allowed = new Set([new URL(appUrl).origin, url.origin]);
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return allowed.has(origin);
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  // Neither header: not a browser-initiated cross-site request (curl, server-to-server).
  return true;
}
