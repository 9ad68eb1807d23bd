/**
 * Razorpay signatures: HMAC-SHA256 in lowercase hex, over `orderId|paymentId`
 * for checkout results and over the raw body for webhooks. Checked with
 * WebCrypto's HMAC verify, which compares in constant time (runs in workerd,
 * the browser and Node).
 */
const encoder = new TextEncoder();

function hmacKey(secret: string, usage: "sign" | "verify") {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

/** Lowercase hex → bytes, or null for anything that is not an even run of hex digits. */
function hexBytes(hex: string): Uint8Array | null {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(message));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** True only when `signature` is the HMAC-SHA256 of `message` under `secret` (an empty secret never verifies). */
export async function verifyHmacSha256(
  secret: string | undefined,
  message: string,
  signature: string | null | undefined,
): Promise<boolean> {
  if (!secret || !signature) return false;
  const bytes = hexBytes(signature.trim());
  if (!bytes || bytes.length !== 32) return false;
  return crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret, "verify"),
    bytes as BufferSource,
    encoder.encode(message),
  );
}

/** The checkout's `razorpay_signature` for an order and payment. */
export function verifyPaymentSignature(
  keySecret: string | undefined,
  orderId: string,
  paymentId: string,
  signature: string,
): Promise<boolean> {
  return verifyHmacSha256(keySecret, `${orderId}|${paymentId}`, signature);
}
