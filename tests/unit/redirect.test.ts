import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/redirect";

describe("safeRedirect: every redirectTo/returnTo stays on this origin", () => {
  it.each([
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\r\n/x",
    "/%09/evil.example".replace("%09", "\t"),
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
    undefined,
    "/\u0000x",
    "/\u007fx",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/challenges/3?tab=women#top", "/challenges/3?tab=women#top"],
    ["/a/../admin", "/admin"],
    ["/events?x=%2F%2Fevil", "/events?x=%2F%2Fevil"],
  ])("keeps %j as %j", (to, expected) => {
    expect(safeRedirect(to, "/fallback")).toBe(expected);
  });
});
