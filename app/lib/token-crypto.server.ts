/**
 * AES-256-GCM encryption of provider tokens at rest. The key is the base64
 * secret TOKEN_ENCRYPTION_KEY (32 bytes). Stored form: `v1.<iv b64>.<ciphertext b64>`.
 */
import { fromBase64, toBase64 } from "./encoding";

function keyBytes(secretBase64: string | undefined): Uint8Array | null {
  try {
    const raw = secretBase64 ? fromBase64(secretBase64.trim()) : null;
    return raw && raw.length === 32 ? raw : null;
  } catch {
    return null;
  }
}

/** Why `secretBase64` cannot serve as TOKEN_ENCRYPTION_KEY, or null when it can. */
export function tokenKeyProblem(secretBase64: string | undefined): string | null {
  if (!secretBase64?.trim()) return "TOKEN_ENCRYPTION_KEY is not configured";
  return keyBytes(secretBase64) ? null : "TOKEN_ENCRYPTION_KEY must be 32 bytes, base64-encoded";
}

async function importKey(secretBase64: string | undefined): Promise<CryptoKey> {
  const raw = keyBytes(secretBase64);
  if (!raw) throw new Error(tokenKeyProblem(secretBase64) ?? "TOKEN_ENCRYPTION_KEY is unusable");
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
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(ivText) as BufferSource },
    key,
    fromBase64(dataText) as BufferSource,
  );
  return new TextDecoder().decode(plain);
}
