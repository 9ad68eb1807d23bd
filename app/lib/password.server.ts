/**
 * Password hashing that runs on Workers: PBKDF2-SHA256 at workerd's maximum
 * of 100,000 iterations over HMAC(pepper, password). The stored string
 * carries algorithm and parameters, so a change of policy re-hashes on the
 * next successful login (see docs/decisions/004-passwords.md).
 */
import { fromBase64, timingSafeEqual, toBase64 } from "./encoding";

/** workerd refuses PBKDF2 above this many iterations (local dev does not enforce it). */
export const WORKERD_PBKDF2_MAX_ITERATIONS = 100_000;
export const PASSWORD_POLICY = {
  algorithm: "pbkdf2-sha256",
  iterations: 100_000,
  saltBytes: 16,
  keyBytes: 32,
} as const;

const encoder = new TextEncoder();

async function pepper(password: string, pepperSecret: string): Promise<ArrayBuffer> {
  if (!pepperSecret) return encoder.encode(password).buffer as ArrayBuffer;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(pepperSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return crypto.subtle.sign("HMAC", key, encoder.encode(password));
}

async function derive(
  password: string,
  pepperSecret: string,
  salt: Uint8Array,
  iterations: number,
  keyBytes: number,
) {
  if (iterations > WORKERD_PBKDF2_MAX_ITERATIONS) {
    throw new Error(
      `PBKDF2 iterations ${iterations} exceed the Workers limit of ${WORKERD_PBKDF2_MAX_ITERATIONS}`,
    );
  }
  const material = await crypto.subtle.importKey(
    "raw",
    await pepper(password, pepperSecret),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    material,
    keyBytes * 8,
  );
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<peppered 0|1>$<salt b64>$<hash b64>` */
export async function hashPassword(password: string, pepperSecret = ""): Promise<string> {
  const { iterations, saltBytes, keyBytes, algorithm } = PASSWORD_POLICY;
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await derive(password, pepperSecret, salt, iterations, keyBytes);
  return [algorithm, iterations, pepperSecret ? 1 : 0, toBase64(salt), toBase64(hash)].join("$");
}

export interface VerifyResult {
  ok: boolean;
  /** The stored hash uses older parameters (or no pepper while one is configured): store a fresh hash. */
  needsRehash: boolean;
}

export async function verifyPassword(
  password: string,
  stored: string | null,
  pepperSecret = "",
): Promise<VerifyResult> {
  const parts = stored?.split("$") ?? [];
  if (parts.length !== 5 || parts[0] !== PASSWORD_POLICY.algorithm) {
    // Spend comparable time so an unknown account is not told apart by timing.
    await derive(
      password,
      pepperSecret,
      new Uint8Array(16),
      PASSWORD_POLICY.iterations,
      PASSWORD_POLICY.keyBytes,
    );
    return { ok: false, needsRehash: false };
  }
  const [, iterText, peppered, saltText = "", hashText = ""] = parts;
  const iterations = Number(iterText);
  const expected = fromBase64(hashText);
  const actual = await derive(
    password,
    peppered === "1" ? pepperSecret : "",
    fromBase64(saltText),
    iterations,
    expected.length,
  );
  const ok = timingSafeEqual(actual, expected);
  const needsRehash =
    ok && (iterations !== PASSWORD_POLICY.iterations || (peppered !== "1") !== !pepperSecret);
  return { ok, needsRehash };
}

/** Burns the same work as a real verification (for unknown usernames). */
export async function dummyVerify(password: string, pepperSecret = ""): Promise<void> {
  await verifyPassword(password, null, pepperSecret);
}
