/**
 * Secrets fail closed. On an https APP_URL (any real deployment) the Worker
 * refuses to run without SESSION_SECRET, PASSWORD_PEPPER and
 * TOKEN_ENCRYPTION_KEY: workers/app.ts answers every request with a 500
 * naming the missing setting, and the queue and cron handlers throw. Only on
 * http (local development) do the cookies fall back to a public dev secret.
 */
import type { Env } from "~workers/env";
import { tokenKeyProblem } from "./token-crypto.server";

/** The settings without which a deployment must not start. */
export const REQUIRED_SECRETS = ["SESSION_SECRET", "PASSWORD_PEPPER", "TOKEN_ENCRYPTION_KEY"] as const;

/** Signs cookies on http (local development) only, when SESSION_SECRET is unset. Public: never trust it. */
const DEV_COOKIE_SECRET = "insecure-dev-secret";

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
  const missing = REQUIRED_SECRETS.filter((name) =>
    name === "SESSION_SECRET" ? sessionSecrets(env).length === 0 : !env[name]?.trim(),
  );
  if (missing.length > 0) {
    const names = missing.join(", ");
    const [verb, them] = missing.length === 1 ? ["is", "it"] : ["are", "them"];
    return `Server misconfigured: ${names} ${verb} not set. Set ${them} with \`wrangler secret put\`.`;
  }
  const keyProblem = tokenKeyProblem(env.TOKEN_ENCRYPTION_KEY);
  return keyProblem ? `Server misconfigured: ${keyProblem}.` : null;
}

/** The secrets that sign the app's cookies; the public dev secret only on http. */
export function cookieSecrets(env: Pick<Env, "SESSION_SECRET" | "APP_URL">): string[] {
  const secrets = sessionSecrets(env);
  if (secrets.length > 0) return secrets;
  if (servesHttps(env)) throw new Error("Server misconfigured: SESSION_SECRET is not set");
  return [DEV_COOKIE_SECRET];
}
