import { describe, expect, it } from "vitest";
import type { AppContext } from "~workers/load-context";
import { requireTestPages } from "~/lib/guards.server";
import { isAllowedOrigin } from "~/lib/origin.server";
import { safeRedirect } from "~/lib/sign-in.server";

const APP = "http://localhost:8787";
const req = (method: string, headers: Record<string, string> = {}, path = "/api/login") =>
  new Request(`${APP}${path}`, { method, headers });

describe("same-origin rule for unsafe methods", () => {
  it.each([
    ["GET from anywhere", req("GET", { Origin: "https://evil.example" }), true],
    ["POST from our origin", req("POST", { Origin: APP }), true],
    ["POST from another origin", req("POST", { Origin: "https://evil.example" }), false],
    ["DELETE cross-site by fetch metadata", req("DELETE", { "Sec-Fetch-Site": "cross-site" }), false],
    ["PATCH same-origin by fetch metadata", req("PATCH", { "Sec-Fetch-Site": "same-origin" }), true],
    [
      "POST to a provider webhook from anywhere",
      req("POST", { Origin: "https://www.strava.com" }, "/api/webhooks/strava"),
      true,
    ],
  ])("%s", (_name, request, allowed) => {
    expect(isAllowedOrigin(request, APP)).toBe(allowed);
  });
});

describe("developer test pages", () => {
  it("answer 404 unless ENABLE_TEST_PAGES is set", () => {
    const off = { env: { ENABLE_TEST_PAGES: "" } } as unknown as AppContext;
    const on = { env: { ENABLE_TEST_PAGES: "1" } } as unknown as AppContext;
    try {
      requireTestPages(off);
      throw new Error("should have thrown");
    } catch (thrown) {
      expect((thrown as Response).status).toBe(404);
    }
    expect(() => requireTestPages(on)).not.toThrow();
  });
});

describe("redirect targets", () => {
  it("only same-site paths are followed", () => {
    expect(safeRedirect("/challenges?x=1", "/")).toBe("/challenges?x=1");
    expect(safeRedirect("//evil.example", "/")).toBe("/");
    expect(safeRedirect("https://evil.example", "/")).toBe("/");
    expect(safeRedirect("/\\evil.example", "/")).toBe("/");
    expect(safeRedirect(null, "/dashboard")).toBe("/dashboard");
  });
});
