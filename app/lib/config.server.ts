/**
 * Secrets fail closed. On an https APP_URL (any real deployment) the Worker
 * refuses to run without SESSION_SECRET, PASSWORD_PEPPER and
 * TOKEN_ENCRYPTION_KEY: workers/app.ts answers every request with a 500
 * naming the missing setting, and the queue and cron handlers throw. Only on
 * http (local development) do the cookies fall back to a public dev secret.
 * A secret set to one of the published example values (.dev.vars.example) is
 * refused on https the same way: anyone can read it.
 */
import type { Env } from "~workers/env";
import { tokenKeyProblem } from "./token-crypto.server";

/** The settings without which a deployment must not start. */
export const REQUIRED_SECRETS = ["SESSION_SECRET", "PASSWORD_PEPPER", "TOKEN_ENCRYPTION_KEY"] as const;

/** Signs cookies on http (local development) only, when SESSION_SECRET is unset. Public: never trust it. */
const DEV_COOKIE_SECRET = "insecure-dev-secret";

/**
 * The secrets as published in .dev.vars.example, the one list of them: public,
 * so on https each counts as a problem wherever it is set (any of these names,
 * any entry of a SESSION_SECRET rotation list). tests/unit/config.test.ts reads
 * .dev.vars.example and fails when it holds a secret value this list lacks.
 */
export const EXAMPLE_SECRETS = {
  SESSION_SECRET: "dev-session-secret-change-me",
  PASSWORD_PEPPER: "dev-password-pepper-change-me",
  TOKEN_ENCRYPTION_KEY: "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=",
  STRAVA_CLIENT_SECRET: "fake-strava-secret",
  STRAVA_WEBHOOK_VERIFY_TOKEN: "fake-verify-token",
  STRAVA_WEBHOOK_PATH_SECRET: "dev-webhook-path-secret",
  GOOGLE_CLIENT_SECRET: "fake-google-secret",
  RAZORPAY_KEY_SECRET: "fake-razorpay-secret",
  RAZORPAY_WEBHOOK_SECRET: "fake-razorpay-webhook-secret",
  EMAIL_API_KEY: "fake-email-key",
  VAPID_PUBLIC_KEY: "BGZDKCHoPfru6lZfGzoCFOKglBUIUiZM50XIZSxgTMLLzSgyk9gV6m9Vr9mlTyG23iRi9FmppBTC0pJT4MXRan0",
  VAPID_PRIVATE_KEY: "SYlOx0wQYAbx7FXbBNM-HwVoAbeEXS17QcYSAEef1Ws",
} as const satisfies Partial<Record<keyof Env, string>>;

type SecretName = keyof typeof EXAMPLE_SECRETS;
const SECRET_NAMES = Object.keys(EXAMPLE_SECRETS) as SecretName[];
const PUBLIC_VALUES = new Set<string>([...Object.values(EXAMPLE_SECRETS), DEV_COOKIE_SECRET]);

/** True for a value anyone can read in the repository (the examples, the http cookie fallback). */
export const isPublicSecret = (value: string | undefined) => PUBLIC_VALUES.has((value ?? "").trim());

/** The secret settings holding a published example value (SESSION_SECRET: any entry of the list). */
function publicSecretNames(env: Env): SecretName[] {
  return SECRET_NAMES.filter((name) =>
    name === "SESSION_SECRET" ? sessionSecrets(env).some(isPublicSecret) : isPublicSecret(env[name]),
  );
}

/** True when the app is served over https (a deployment): secure cookies, HSTS, secrets required. */
export function servesHttps(env: Pick<Env, "APP_URL">): boolean {
  return (env.APP_URL ?? "").startsWith("https://");
}

/** SESSION_SECRET as a rotation list (newest first), blanks dropped. */
function sessionSecrets(env: Pick<Env, "SESSION_SECRET">): string[] {
  return (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What is wrong with the secrets, as one sentence, or null when the Worker may
 * run. Always null on http, where development defaults are allowed.
 */
export function configurationProblem(env: Env): string | null {
  if (!servesHttps(env)) return null;
  // The e2e servers' clock header (app/lib/test-clock.server.ts) must never reach a deployment.
  if (env.TEST_CLOCK)
    return "Server misconfigured: TEST_CLOCK is set on https. Remove it: it lets a request set the server's clock.";
  const missing = REQUIRED_SECRETS.filter((name) =>
    name === "SESSION_SECRET" ? sessionSecrets(env).length === 0 : !env[name]?.trim(),
  );
  if (missing.length > 0) {
    const names = missing.join(", ");
    const [verb, them] = missing.length === 1 ? ["is", "it"] : ["are", "them"];
    return `Server misconfigured: ${names} ${verb} not set. Set ${them} with \`wrangler secret put\`.`;
  }
  const published = publicSecretNames(env);
  if (published.length > 0) {
    const names = published.join(", ");
    const what = published.length === 1 ? "is the public example value" : "are the public example values";
    return `Server misconfigured: ${names} ${what} from .dev.vars.example. Set your own with \`wrangler secret put\`.`;
  }
  const keyProblem = tokenKeyProblem(env.TOKEN_ENCRYPTION_KEY);
  return keyProblem ? `Server misconfigured: ${keyProblem}.` : null;
}

/** The secrets that sign the app's cookies; the public dev secret only on http. */
export function cookieSecrets(env: Pick<Env, "SESSION_SECRET" | "APP_URL">): string[] {
  const secrets = sessionSecrets(env);
  if (servesHttps(env) && secrets.some(isPublicSecret))
    throw new Error("Server misconfigured: SESSION_SECRET is a public example value");
  if (secrets.length > 0) return secrets;
  if (servesHttps(env)) throw new Error("Server misconfigured: SESSION_SECRET is not set");
  return [DEV_COOKIE_SECRET];
}

/** The attribution of MAP_TILES_URL's tiles when MAP_TILES_ATTRIBUTION is empty. */
export const DEFAULT_TILES_ATTRIBUTION = "© OpenStreetMap contributors";

/** Where the Worker serves a PMTiles basemap's tiles (app/routes/map-tiles.$z.$x.$y.ts, decision 057). */
export const PMTILES_TILE_URL = "/map-tiles/{z}/{x}/{y}";

/**
 * The configured basemap (decision 050): MAP_TILES_URL when it is an http(s) URL template with
 * {z}, {x} and {y}, with its attribution and origin (for the pages' img-src); or, decision 057,
 * a PMTiles archive (`r2:<key>.pmtiles` in the UPLOADS bucket, or an http(s) address of a
 * `.pmtiles` file) whose tiles this Worker serves at PMTILES_TILE_URL (`archive`; no other
 * origin). Null when unset or neither.
 */
export function mapTilesSetting(env: Pick<Env, "MAP_TILES_URL" | "MAP_TILES_ATTRIBUTION">) {
  const url = (env.MAP_TILES_URL ?? "").trim();
  const attribution = env.MAP_TILES_ATTRIBUTION?.trim() || DEFAULT_TILES_ATTRIBUTION;
  if (/^r2:[^/].*\.pmtiles$/.test(url))
    return { url: PMTILES_TILE_URL, origin: null, attribution, archive: url };
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{[xyz]\}/g, "0"));
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (parsed.pathname.endsWith(".pmtiles"))
    return { url: PMTILES_TILE_URL, origin: null, attribution, archive: parsed.href };
  if (!["{z}", "{x}", "{y}"].every((part) => url.includes(part))) return null;
  return { url, origin: parsed.origin, attribution, archive: null };
}
