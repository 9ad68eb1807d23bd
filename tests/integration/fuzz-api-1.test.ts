/** Fuzzing, slice 1 of 2: every /api route with an action, as guest, member and admin (tests/integration/fuzz-kit.ts). */
import { describe, it } from "vitest";
import { expectNo5xx, fuzzRoles, apiActionCases } from "./fuzz-kit";

describe("fuzz: malformed bodies never answer 5xx", () => {
  it(
    "every /api route with an action, as guest, member and admin (part 1 of 2)",
    { timeout: 240_000 },
    async () => {
      await expectNo5xx(apiActionCases(await fuzzRoles(), 0, 2));
    },
  );
});
