import { describe, expect, it } from "vitest";
import { scopeReasons, STRAVA_SCOPE_REASONS } from "~/modules/legal/strava-scopes";
import { STRAVA_SCOPES } from "~/modules/strava/oauth.server";

describe("the privacy page's Strava scopes (issue #13)", () => {
  it("gives a reason for every scope the app requests", () => {
    const listed = scopeReasons(STRAVA_SCOPES);
    expect(listed.map((s) => s.scope)).toEqual(STRAVA_SCOPES.split(","));
    for (const { scope, reason } of listed) expect(reason, scope).toBeTruthy();
  });

  it("explains no scope the app does not request", () => {
    expect(Object.keys(STRAVA_SCOPE_REASONS).sort()).toEqual(STRAVA_SCOPES.split(",").sort());
  });

  it("lists an unknown scope without a reason and ignores blanks", () => {
    expect(scopeReasons(" read, ,activity:read_all")).toEqual([
      { scope: "read", reason: null },
      { scope: "activity:read_all", reason: STRAVA_SCOPE_REASONS["activity:read_all"] },
    ]);
  });
});
