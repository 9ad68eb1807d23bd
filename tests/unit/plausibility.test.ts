// The one plausibility rule every activity obeys, whatever its source
// (app/modules/activities/plausibility.ts, docs/decisions/032).
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_KMH,
  implausibility,
  maxSpeedKmh,
  type PlausibilityInput,
} from "~/modules/activities/plausibility";
import { toActivityRow } from "~/modules/strava/activity-mapper";

const now = new Date("2026-11-28T06:00:00Z");
const hour = 3600;

/** One hour of `sportType` covering `km`, started yesterday. */
const activity = (
  sportType: string,
  km: number,
  over: Partial<PlausibilityInput> = {},
): PlausibilityInput => ({
  sportType,
  startDate: new Date(now.getTime() - 86_400_000),
  distance: km * 1000,
  movingTime: hour,
  elapsedTime: hour,
  elevationGain: 100,
  ...over,
});

describe("average speed, per sport (distance over moving time)", () => {
  // [sport, fastest plausible km in an hour, first implausible]
  it.each([
    ["Ride", 80, 81],
    ["VirtualRide", 80, 81],
    ["MountainBikeRide", 80, 81],
    ["GravelRide", 80, 81],
    ["EBikeRide", 80, 81],
    ["Run", 30, 31],
    ["TrailRun", 30, 31],
    ["VirtualRun", 30, 31],
    ["Walk", 15, 16],
    ["Hike", 15, 16],
    ["Swim", 10, 11],
    ["Rowing", 30, 31],
    ["Kayaking", 30, 31],
    ["NordicSki", 50, 51],
    ["AlpineSki", 150, 151],
    ["Sail", 100, 101],
    ["Workout", DEFAULT_MAX_KMH, DEFAULT_MAX_KMH + 1],
    ["SomethingNew", DEFAULT_MAX_KMH, DEFAULT_MAX_KMH + 1],
  ])("%s: %d km/h passes, %d km/h does not", (sport, fast, tooFast) => {
    expect(maxSpeedKmh(sport)).toBe(fast);
    expect(implausibility(activity(sport, fast), now)).toBeNull();
    expect(implausibility(activity(sport, tooFast), now)).toEqual({
      field: "distance",
      reason: `The average speed is not plausible for a ${sport} (at most ${fast} km/h): check the distance and duration`,
    });
  });

  it("uses the elapsed time when there is no moving time, and skips the speed when there is no time", () => {
    expect(implausibility(activity("Run", 12, { movingTime: 0 }), now)).toBeNull();
    expect(implausibility(activity("Run", 31, { movingTime: 0 }), now)?.field).toBe("distance");
    expect(implausibility(activity("Run", 12, { movingTime: 0, elapsedTime: 0 }), now)).toBeNull();
  });

  it("1,000 km of Ride in one minute is refused", () => {
    expect(implausibility(activity("Ride", 1000, { movingTime: 60, elapsedTime: 60 }), now)?.field).toBe(
      "distance",
    );
  });
});

describe("bounds every source shares", () => {
  it.each<[string, Partial<PlausibilityInput>, string | null]>([
    [
      "a 1,200 km brevet over 80 h",
      { distance: 1_200_000, movingTime: 60 * hour, elapsedTime: 80 * hour },
      null,
    ],
    ["2,000 km", { distance: 2_000_000, movingTime: 100 * hour, elapsedTime: 100 * hour }, null],
    ["2,000.1 km", { distance: 2_000_100, movingTime: 100 * hour }, "distance"],
    ["an infinite distance", { distance: Infinity }, "distance"],
    ["1.5e307 m (the 809-byte CSV)", { distance: 1.5e307 }, "distance"],
    ["NaN distance", { distance: NaN }, "distance"],
    ["a negative distance", { distance: -1 }, "distance"],
    ["a week of moving time", { distance: 0, movingTime: 7 * 86_400, elapsedTime: 7 * 86_400 }, null],
    ["more than a week elapsed", { elapsedTime: 7 * 86_400 + 1 }, "duration"],
    ["NaN moving time", { movingTime: NaN }, "duration"],
    ["infinite elapsed time", { elapsedTime: Infinity }, "duration"],
    ["a negative moving time", { movingTime: -5 }, "duration"],
    ["20,000 m climbed", { elevationGain: 20_000 }, null],
    ["20,001 m climbed", { elevationGain: 20_001 }, "elevation"],
    ["NaN climbing", { elevationGain: NaN }, "elevation"],
    ["negative climbing", { elevationGain: -3 }, "elevation"],
    ["a start 15 minutes ahead (clock drift)", { startDate: new Date(now.getTime() + 15 * 60_000) }, null],
    ["a start tomorrow", { startDate: new Date(now.getTime() + 86_400_000) }, "start"],
    ["an invalid start", { startDate: new Date(NaN) }, "start"],
  ])("%s", (_, over, field) => {
    expect(implausibility(activity("Ride", 20, over), now)?.field ?? null).toBe(field);
  });

  it("says why in plain words", () => {
    expect(implausibility(activity("Ride", 20, { distance: Infinity }), now)?.reason).toBe(
      "The distance is not plausible (at most 2,000 km)",
    );
    expect(implausibility(activity("Ride", 20, { startDate: new Date("2027-01-01") }), now)?.reason).toBe(
      "The start time is in the future",
    );
    expect(implausibility(activity("Ride", 20, { elevationGain: 1e9 }), now)?.reason).toBe(
      "The elevation gain is not plausible (at most 20,000 m)",
    );
    expect(implausibility(activity("Ride", 20, { movingTime: 1e9 }), now)?.reason).toBe(
      "The duration is not plausible (at most 7 days)",
    );
  });
});

describe("Strava's activities, as mapped", () => {
  it("a real ride passes; a GPS glitch of 500 km in ten minutes does not", () => {
    const base = {
      id: 1,
      sport_type: "Ride",
      type: "Ride",
      start_date: "2026-11-27T01:00:00Z",
      distance: 42_000,
      moving_time: 5400,
      elapsed_time: 6000,
      total_elevation_gain: 300,
    };
    const check = (a: typeof base) => {
      const row = toActivityRow(7, a, now);
      return implausibility(
        {
          sportType: row.sportType,
          startDate: row.startDate,
          distance: row.distance ?? 0,
          movingTime: row.movingTime ?? 0,
          elapsedTime: row.elapsedTime ?? 0,
          elevationGain: row.totalElevationGain ?? 0,
        },
        now,
      );
    };
    expect(check(base)).toBeNull();
    expect(check({ ...base, distance: 500_000, moving_time: 600 })?.field).toBe("distance");
  });
});
