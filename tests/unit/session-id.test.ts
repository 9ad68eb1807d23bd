import { describe, expect, it } from "vitest";
import { sessionUserId } from "~/lib/session.server";

const random = "a".repeat(40) + "_-Z";

describe("sessionUserId", () => {
  it("reads the member a session id was issued to", () => {
    expect(sessionUserId(`42.${random}`)).toBe(42);
    expect(sessionUserId(`900001.${random}`)).toBe(900001);
  });

  it("refuses anything else", () => {
    for (const id of [
      random,
      `0.${random}`,
      `-1.${random}`,
      `042.${random}`,
      `42.${random}x`,
      `42.${random.slice(1)}`,
      `42.${random.slice(1)}!`,
      `4 2.${random}`,
      42,
      null,
      undefined,
    ]) {
      expect(sessionUserId(id)).toBeNull();
    }
  });
});
