import { describe, expect, it } from "vitest";
import { configurationProblem, cookieSecrets } from "~/lib/config.server";
import { pageContentSecurityPolicy } from "~/lib/security-headers.server";
import type { Env } from "~workers/env";

const KEY = "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=";
const envWith = (vars: Partial<Env>) =>
  ({
    APP_URL: "https://wari.example",
    SESSION_SECRET: "s",
    PASSWORD_PEPPER: "p",
    TOKEN_ENCRYPTION_KEY: KEY,
    ...vars,
  }) as Env;

describe("secrets fail closed", () => {
  it("on https a missing secret is named; nothing is wrong when all are set", () => {
    expect(configurationProblem(envWith({}))).toBeNull();
    expect(configurationProblem(envWith({ PASSWORD_PEPPER: undefined }))).toBe(
      "Server misconfigured: PASSWORD_PEPPER is not set. Set it with `wrangler secret put`.",
    );
  });

  it("on http the development defaults are allowed", () => {
    expect(
      configurationProblem(
        envWith({
          APP_URL: "http://localhost:8787",
          SESSION_SECRET: "",
          PASSWORD_PEPPER: "",
          TOKEN_ENCRYPTION_KEY: "",
        }),
      ),
    ).toBeNull();
    expect(cookieSecrets(envWith({ APP_URL: "http://localhost:8787", SESSION_SECRET: "" }))).toEqual([
      "insecure-dev-secret",
    ]);
  });

  it("cookies are never signed with the public default on https", () => {
    expect(() => cookieSecrets(envWith({ SESSION_SECRET: " , " }))).toThrow("SESSION_SECRET is not set");
    expect(cookieSecrets(envWith({ SESSION_SECRET: "new, old" }))).toEqual(["new", "old"]);
  });
});

describe("page CSP", () => {
  it("allows scripts from this origin, the nonce and the checkout's origin only", () => {
    const policy = pageContentSecurityPolicy(
      envWith({
        RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:8788/razorpay/checkout.js",
        RAZORPAY_API_URL: "http://127.0.0.1:8788/razorpay/v1",
      }),
      "abc123",
    );
    expect(policy).toContain("script-src 'self' 'nonce-abc123' http://127.0.0.1:8788;");
    expect(policy).toContain("frame-src http://127.0.0.1:8788;");
    expect(policy).not.toContain("razorpay.com");
  });

  it("forbids frames when no checkout is configured", () => {
    expect(
      pageContentSecurityPolicy(envWith({ RAZORPAY_CHECKOUT_URL: "", RAZORPAY_API_URL: "" }), "n"),
    ).toContain("frame-src 'none';");
  });
});
