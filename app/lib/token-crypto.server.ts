/**
 * AES-256-GCM encryption of provider tokens at rest. The key is the base64
 * secret TOKEN_ENCRYPTION_KEY (32 bytes). Stored form: `v1.<iv b64>.<ciphertext b64>`.
 */
import { fromBase64, toBase64 } from "./encoding";

async function importKey(secretBase64: string | undefined): Promise<CryptoKey> {
  if (!secretBase64) throw new Error("TOKEN_ENCRYPTION_KEY is not configured");
  const raw = fromBase64(secretBase64);
  if (raw.length !== 32) throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  return crypto.subtle.importKey("raw", raw as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function encryptSecret(plain: string, secretBase64: string | undefined): Promise<string> {
  const key = await importKey(secretBase64);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plain));
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(data))}`;
}

export async function decryptSecret(stored: string, secretBase64: string | undefined): Promise<string> {
  const [version, ivText, dataText] = stored.split(".");
  if (version !== "v1" || !ivText || !dataText) throw new Error("Unrecognised encrypted value");
  const key = await importKey(secretBase64);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(ivText) as BufferSource }, key, fromBase64(dataText) as BufferSource);
  return new TextDecoder().decode(plain);
}
