/**
 * Fake Web Push service (RFC 8030) for the app's push channel (docs/decisions/053-web-push.md).
 * Any `POST /push/send/<device>` is a device's endpoint: it demands
 * `Content-Encoding: aes128gcm` (RFC 8291), a `TTL`, and `Authorization: vapid t=<JWT>, k=<key>`
 * (RFC 8292) whose ES256 signature verifies against k and whose `aud` is this origin; it stores
 * the encrypted body (base64) and answers 201. Nothing here can read the payload: the tests
 * decrypt it with the subscription's private keys (tests/push-crypto.ts).
 * - `GET /push/messages?device=<device>`: what arrived, oldest first.
 * - `POST /_control/push/status {device, status}`: the device answers `status` from now on
 *   (410/404: the browser dropped the subscription; 500: a failing service). `status: 201` restores it.
 */
import { webcrypto } from "node:crypto";
import { json, num, params, str, type FakeRequest, type Provider, type Reply, type Router } from "./http.js";

export interface PushMessage {
  device: string;
  /** The encrypted body, base64. */
  body: string;
  ttl: number;
  urgency: string | null;
  /** The VAPID key the sender signed with (k). */
  vapidKey: string;
  /** The JWT's claims (aud, exp, sub). */
  claims: Record<string, unknown>;
  receivedAt: string;
}

export interface PushState {
  messages: PushMessage[];
  /** Devices answering something other than 201. */
  statusOf: Map<string, number>;
}

const problem = (status: number, message: string): Reply => json(status, { error: message });

const fromBase64url = (text: string) => Buffer.from(text, "base64url");

/** Verifies `Authorization: vapid t=..., k=...` for `origin`; the claims, or a reason it fails. */
async function verifyVapid(
  header: string | undefined,
  origin: string,
): Promise<{ claims: Record<string, unknown>; key: string } | string> {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)\s*$/i.exec(header ?? "");
  if (!match) return "Authorization must be `vapid t=<jwt>, k=<public key>`";
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) return "the VAPID token is not a JWT";
  const header64 = JSON.parse(fromBase64url(head).toString("utf8")) as { alg?: string };
  if (header64.alg !== "ES256") return "the VAPID token must be ES256";
  const point = fromBase64url(key);
  if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 public key";
  const publicKey = await webcrypto.subtle.importKey(
    "raw",
    point,
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await webcrypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    publicKey,
    fromBase64url(signature),
    new TextEncoder().encode(`${head}.${body}`),
  );
  if (!valid) return "the VAPID signature does not verify against k";
  const claims = JSON.parse(fromBase64url(body).toString("utf8")) as Record<string, unknown>;
  if (claims.aud !== origin) return `the VAPID audience must be ${origin}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600)
    return "the VAPID token's exp must be within the next 24 hours";
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
    return "the VAPID sub must be a mailto: or https: contact";
  return { claims, key };
}

export function createPush(): Provider<PushState> {
  const state: PushState = { messages: [], statusOf: new Map() };

  async function receive(req: FakeRequest, device: string): Promise<Reply> {
    const status = state.statusOf.get(device);
    if (status !== undefined && status !== 201) return problem(status, `device ${device} answers ${status}`);
    if ((req.headers["content-encoding"] ?? "").toLowerCase() !== "aes128gcm")
      return problem(415, "Content-Encoding must be aes128gcm (RFC 8291)");
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return problem(400, "TTL header is required");
    const vapid = await verifyVapid(req.headers.authorization, req.origin);
    if (typeof vapid === "string") return problem(401, vapid);
    // aes128gcm: salt(16) | record size(4) | key id length(1) | key id | ciphertext (+16-byte tag).
    if (req.rawBytes.length < 16 + 4 + 1 + 65 + 17)
      return problem(400, "the body is not an aes128gcm record");
    state.messages.push({
      device,
      body: req.rawBytes.toString("base64"),
      ttl,
      urgency: typeof req.headers.urgency === "string" ? req.headers.urgency : null,
      vapidKey: vapid.key,
      claims: vapid.claims,
      receivedAt: new Date().toISOString(),
    });
    return { status: 201, headers: { location: `/push/messages/${state.messages.length}` }, body: "" };
  }

  function register(router: Router): void {
    router.post("/push/send/:device", (req, { device }) => receive(req, device));
    router.get("/push/messages", (req) => {
      const device = str(params(req), "device");
      return json(
        200,
        state.messages.filter((m) => device === undefined || m.device === device),
      );
    });
    router.post("/_control/push/status", (req) => {
      const fields = params(req);
      const device = str(fields, "device");
      const status = num(fields, "status");
      if (!device || status === undefined) return problem(400, "give {device, status}");
      state.statusOf.set(device, status);
      return json(200, { ok: true });
    });
  }

  return {
    state,
    register,
    reset: () => {
      state.messages = [];
      state.statusOf.clear();
    },
  };
}
