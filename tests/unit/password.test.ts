import { describe, expect, it } from "vitest";
import {
  hashPassword,
  PASSWORD_POLICY,
  verifyPassword,
  WORKERD_PBKDF2_MAX_ITERATIONS,
} from "~/lib/password.server";

describe("password hashing", () => {
  it("never asks workerd for more PBKDF2 iterations than it allows", () => {
    expect(WORKERD_PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PASSWORD_POLICY.iterations).toBeLessThanOrEqual(WORKERD_PBKDF2_MAX_ITERATIONS);
  });

  it("stores algorithm and parameters with the hash and verifies with the pepper", async () => {
    const hash = await hashPassword("Secret@123", "pepper");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$1\$/);
    expect(await verifyPassword("Secret@123", hash, "pepper")).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword("Secret@124", hash, "pepper")).ok).toBe(false);
    expect((await verifyPassword("Secret@123", hash, "other-pepper")).ok).toBe(false);
  });

  it("asks for a re-hash when the stored parameters are older than the policy", async () => {
    const legacy = (await hashPassword("Secret@123", "")).replace("$1$", "$0$");
    expect(await verifyPassword("Secret@123", legacy, "pepper")).toEqual({ ok: true, needsRehash: true });
  });

  it("refuses a stored hash above the workerd cap instead of failing in production", async () => {
    const tooMany = (await hashPassword("Secret@123", "")).replace("$100000$", "$600000$");
    await expect(verifyPassword("Secret@123", tooMany, "")).rejects.toThrow(/Workers limit/);
  });
});
