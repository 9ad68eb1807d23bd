import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { configurationProblem, cookieSecrets, EXAMPLE_SECRETS } from "~/lib/config.server";
import { pageContentSecurityPolicy } from "~/lib/security-headers.server";
import { testClockNow } from "~/lib/test-clock.server";
import type { Env } from "~workers/env";

/** 32 bytes of base64 that are not the example's key. */
const KEY = "cmVhbC1sb29raW5nLXRva2VuLWtleS0zMi1ieXRlcyE=";
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

/** Every `NAME=value` line of .dev.vars.example. */
const exampleVars = Object.fromEntries(
  readFileSync(resolve(import.meta.dirname, "../../.dev.vars.example"), "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
) as Record<string, string>;
/** The secret settings of the example: whatever is named like a secret, key or token. */
const exampleSecretNames = Object.keys(exampleVars).filter((name) =>
  /(SECRET|PEPPER|_KEY|_TOKEN)$/.test(name),
);

describe("the example secrets are refused on https (security review L3)", () => {
  it("the one list holds every secret value .dev.vars.example publishes", () => {
    expect(exampleSecretNames.length).toBeGreaterThanOrEqual(10);
    for (const name of exampleSecretNames)
      expect(EXAMPLE_SECRETS[name as keyof typeof EXAMPLE_SECRETS], name).toBe(exampleVars[name]);
  });

  for (const name of Object.keys(EXAMPLE_SECRETS)) {
    it(`${name} set to its example value is refused on https, allowed on http`, () => {
      const value = exampleVars[name]!;
      expect(configurationProblem(envWith({ [name]: value }))).toBe(
        `Server misconfigured: ${name} is the public example value from .dev.vars.example. Set your own with \`wrangler secret put\`.`,
      );
      expect(configurationProblem(envWith({ [name]: value, APP_URL: "http://localhost:8787" }))).toBeNull();
    });
  }

  it("any example value in any secret, or in a rotation list, is refused; real-looking values pass", () => {
    expect(
      configurationProblem(
        envWith({
          SESSION_SECRET: "k3y-2026-rotated, dev-session-secret-change-me",
          EMAIL_API_KEY: "fake-email-key",
        }),
      ),
    ).toBe(
      "Server misconfigured: SESSION_SECRET, EMAIL_API_KEY are the public example values from .dev.vars.example. Set your own with `wrangler secret put`.",
    );
    expect(configurationProblem(envWith({ PASSWORD_PEPPER: " fake-razorpay-secret " }))).toMatch(
      /^Server misconfigured: PASSWORD_PEPPER is the public example value/,
    );
    expect(configurationProblem(envWith({ SESSION_SECRET: "insecure-dev-secret" }))).toMatch(
      /^Server misconfigured: SESSION_SECRET is the public example value/,
    );
    expect(() => cookieSecrets(envWith({ SESSION_SECRET: "dev-session-secret-change-me" }))).toThrow(
      "SESSION_SECRET is a public example value",
    );
    const real = envWith({
      SESSION_SECRET: "9f2c4e7a1b3d5f60718293a4b5c6d7e8",
      PASSWORD_PEPPER: "b1e8f0c2d4a6",
      STRAVA_CLIENT_SECRET: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
      STRAVA_WEBHOOK_VERIFY_TOKEN: "c0ffee-verify-7c1d",
      STRAVA_WEBHOOK_PATH_SECRET: "5e0c2b9a7d1f4e3c8b6a0d9e2f1c4b7a5e0c2b9a7d1f4e3c",
      GOOGLE_CLIENT_SECRET: "GOCSPX-q8Z2xV7rT1mN4pL0kJ",
      RAZORPAY_KEY_SECRET: "Xy7Qp2Lm9Rt4Vb1Nc8Hs3Kd6",
      RAZORPAY_WEBHOOK_SECRET: "whsec-4d9a1e7b",
      EMAIL_API_KEY: "re_9KpQ2xV7_rT1mN4pL0kJwZ8yH3",
    });
    expect(configurationProblem(real)).toBeNull();
    expect(cookieSecrets(real)).toEqual(["9f2c4e7a1b3d5f60718293a4b5c6d7e8"]);
  });
});

describe("the e2e servers' clock (TEST_CLOCK, decision 048)", () => {
  const at = "2028-06-04T03:30:00.000Z";
  const request = (url: string, header: string | null = at) =>
    new Request(url, header === null ? {} : { headers: { "X-Test-Now": header } });
  const http = envWith({ APP_URL: "http://localhost:9410" });

  it("sets the server's clock only when TEST_CLOCK is 1, on http, for a valid instant", () => {
    const on = { ...http, TEST_CLOCK: "1" };
    expect(testClockNow(on, request("http://localhost:9410/wari"))?.toISOString()).toBe(at);
    expect(testClockNow(http, request("http://localhost:9410/wari"))).toBeNull();
    expect(testClockNow({ ...http, TEST_CLOCK: "" }, request("http://localhost:9410/wari"))).toBeNull();
    expect(testClockNow(on, request("http://localhost:9410/wari", null))).toBeNull();
    expect(testClockNow(on, request("http://localhost:9410/wari", "soon"))).toBeNull();
    // A request over https, or an app on https, is never on the test clock.
    expect(testClockNow(on, request("https://localhost:9410/wari"))).toBeNull();
    expect(testClockNow({ ...on, APP_URL: "https://wari.example" }, request("http://x/wari"))).toBeNull();
  });

  it("is a misconfiguration on https (the app refuses to serve)", () => {
    expect(configurationProblem(envWith({ TEST_CLOCK: "1" }))).toBe(
      "Server misconfigured: TEST_CLOCK is set on https. Remove it: it lets a request set the server's clock.",
    );
    expect(configurationProblem({ ...http, TEST_CLOCK: "1" })).toBeNull();
  });

  it("is never set by wrangler.toml or the example settings", () => {
    for (const file of ["wrangler.toml", ".dev.vars.example"])
      expect(readFileSync(resolve(import.meta.dirname, "../..", file), "utf8"), file).not.toMatch(
        /TEST_CLOCK/,
      );
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
