/**
 * Web Push (issue #41, docs/decisions/053-web-push.md): one encrypted message to one
 * device. The payload is encrypted per RFC 8291 (aes128gcm, RFC 8188) by
 * @block65/webcrypto-web-push on WebCrypto; the VAPID header (RFC 8292) is signed
 * here on WebCrypto too, because the library's refuses any endpoint that is not
 * https (the provider fakes the tests and the demo use are http on 127.0.0.1).
 */
import { encryptNotification } from "@block65/webcrypto-web-push";
import type { Env } from "~workers/env";
import type { PushPayload } from "./rules";

/** How long a push service keeps a message for a device that is offline (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A VAPID token's lifetime; RFC 8292 allows up to 24 hours. */
const VAPID_TOKEN_SECONDS = 12 * 3600;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** The VAPID settings, or null when the keys are not set (the push channel is then off). */
export function vapidOf(env: Env): { publicKey: string; privateKey: string; subject: string } | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || `mailto:${env.SUPPORT_EMAIL}` };
}

/** `vapid t=<ES256 JWT for the endpoint's origin>, k=<public key>` (RFC 8292). */
async function vapidAuthorization(
  endpoint: string,
  vapid: NonNullable<ReturnType<typeof vapidOf>>,
  nowSeconds: number,
): Promise<string> {
  const point = fromBase64url(vapid.publicKey);
  const key = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: base64url(point.slice(1, 33)),
      y: base64url(point.slice(33, 65)),
      d: vapid.privateKey,
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const encode = (value: object) => base64url(new TextEncoder().encode(JSON.stringify(value)));
  const unsigned = `${encode({ typ: "JWT", alg: "ES256" })}.${encode({
    aud: new URL(endpoint).origin,
    exp: nowSeconds + VAPID_TOKEN_SECONDS,
    sub: vapid.subject,
  })}`;
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(unsigned)),
  );
  return `vapid t=${unsigned}.${base64url(signature)}, k=${vapid.publicKey}`;
}

/** Sends one push; returns the push service's status (201 delivered, 404/410 gone, others failed). */
export async function sendPush(
  env: Env,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
): Promise<number> {
  const vapid = vapidOf(env);
  if (!vapid) throw new Error("Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)");
  const body = await encryptNotification(
    { endpoint: subscription.endpoint, expirationTime: null, keys: subscription },
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const res = await fetch(subscription.endpoint, {
    method: "POST",
    headers: {
      // The token's lifetime is real time (the push service's clock), never the app's test clock.
      Authorization: await vapidAuthorization(subscription.endpoint, vapid, Math.floor(Date.now() / 1000)),
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(PUSH_TTL_SECONDS),
      Urgency: "normal",
    },
    body,
  });
  await res.body?.cancel();
  return res.status;
}
