/**
 * The browser's half of Web Push, for tests only (never app code): a subscription's
 * keys, and decrypting what the push service received (RFC 8291 over RFC 8188's
 * aes128gcm). Plain WebCrypto, so it runs in workerd (integration) and Node (e2e).
 */

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const text = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

export interface DeviceKeys {
  /** What PushSubscription.toJSON().keys gives the server. */
  p256dh: string;
  auth: string;
  privateKey: CryptoKey;
  publicBytes: Uint8Array<ArrayBuffer>;
  authBytes: Uint8Array<ArrayBuffer>;
}

/** A device's subscription keys, as a browser makes them. */
export async function makeDeviceKeys(): Promise<DeviceKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicBytes = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const authBytes = crypto.getRandomValues(new Uint8Array(16));
  return {
    p256dh: b64url(publicBytes),
    auth: b64url(authBytes),
    privateKey: pair.privateKey,
    publicBytes,
    authBytes,
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

/** Decrypts one aes128gcm push message (base64, as the fake stores it) with the device's keys. */
export async function decryptPush(bodyBase64: string, keys: DeviceKeys): Promise<string> {
  const body = Uint8Array.from(atob(bodyBase64), (c) => c.charCodeAt(0));
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, keys.privateKey, 256),
  );
  const ikm = await hkdf(
    keys.authBytes,
    shared,
    concat(text("WebPush: info\0"), keys.publicBytes, serverPublic),
    32,
  );
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext));
  // The last record: the plaintext, a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not the last record of an aes128gcm message");
  return new TextDecoder().decode(padded.slice(0, end));
}
