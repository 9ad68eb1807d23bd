/** Fuzzing, slice 2 of 2: every page action, as guest, member and admin (tests/integration/fuzz-kit.ts). */
import { describe, it } from "vitest";
import { expectNo5xx, fuzzRoles, pageActionCases } from "./fuzz-kit";

describe("fuzz: malformed bodies never answer 5xx", () => {
  it("every page action, as guest, member and admin (part 2 of 2)", { timeout: 240_000 }, async () => {
    await expectNo5xx(pageActionCases(await fuzzRoles(), 1, 2));
  });
});
