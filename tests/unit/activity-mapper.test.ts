import { describe, expect, it } from "vitest";
import { toActivityRow, visibilityOf } from "~/modules/strava/activity-mapper";
import { generateActivities } from "../fakes/strava-data";

const base = {
  id: 1,
  name: "Ride",
  type: "Ride",
  sport_type: "Ride",
  distance: 1000,
  start_date: "2026-11-01T02:00:00Z",
};

describe("Strava privacy on activity rows", () => {
  it("keeps Strava's private and visibility", () => {
    expect(toActivityRow(1, { ...base, private: false, visibility: "everyone" })).toMatchObject({
      private: false,
      visibility: "everyone",
    });
    expect(toActivityRow(1, { ...base, private: false, visibility: "followers_only" })).toMatchObject({
      private: false,
      visibility: "followers_only",
    });
    expect(toActivityRow(1, { ...base, private: true, visibility: "only_me" })).toMatchObject({
      private: true,
      visibility: "only_me",
    });
  });

  it("stores unknown (absent or undocumented) values as NULL, which no other member sees", () => {
    expect(toActivityRow(1, base)).toMatchObject({ private: null, visibility: null });
    expect(visibilityOf({ visibility: "friends" })).toBeNull();
    expect(visibilityOf({})).toBeNull();
  });

  it("the fake's activities include only_me and followers_only ones, in Strava's shape", () => {
    const acts = generateActivities(2001, 300, {
      seed: 2001,
      days: 365,
      endDate: new Date("2026-11-01T00:00:00Z"),
    });
    const rows = acts.map((a) => toActivityRow(1, a));
    expect(rows.some((r) => r.visibility === "only_me" && r.private === true)).toBe(true);
    expect(rows.some((r) => r.visibility === "followers_only" && r.private === false)).toBe(true);
    expect(rows.every((r) => r.visibility !== null && typeof r.private === "boolean")).toBe(true);
  });
});

describe("heart rate", () => {
  it("keeps Strava's average and max heart rate for the training-load model", () => {
    const row = toActivityRow(1, { ...base, average_heartrate: 142.5, max_heartrate: 171 });
    expect(row.averageHeartrate).toBe(142.5);
    expect(row.maxHeartrate).toBe(171);
  });

  it("stores NULL when Strava sent none or an implausible value", () => {
    expect(toActivityRow(1, base).averageHeartrate).toBeNull();
    const odd = toActivityRow(1, { ...base, average_heartrate: -1, max_heartrate: 9999 });
    expect([odd.averageHeartrate, odd.maxHeartrate]).toEqual([null, null]);
  });
});
