import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENT_BANDS,
  achievementFor,
  achievementLink,
  bandMetres,
  bandRange,
  kmToMetres,
  type AchievementSport,
} from "~/modules/activities/achievements";

// Spec part 1 §3 and §9: the thresholds, each boundary on both sides.
const cases: [AchievementSport, number, string | null][] = [
  // Ride 50, 100, 200 km; links 50-99.9, 100-199.9, 200+
  ["Ride", 49.999, null],
  ["Ride", 50, "above50km"],
  ["Ride", 99.9, "above50km"],
  ["Ride", 100, "above100km"],
  ["Ride", 199.9, "above100km"],
  ["Ride", 200, "above200km"],
  ["Ride", 612.3, "above200km"],
  // Run and Walk: marathon 42.2, half 21.1, 10K 10, 5K 5
  ...(["Run", "Walk"] as const).flatMap((sport): [AchievementSport, number, string | null][] => [
    [sport, 4.999, null],
    [sport, 5, "fiveK"],
    [sport, 9.99, "fiveK"],
    [sport, 10, "tenK"],
    [sport, 21.09, "tenK"],
    [sport, 21.1, "halfMarathon"],
    [sport, 42.19, "halfMarathon"],
    [sport, 42.2, "marathon"],
    [sport, 100, "marathon"],
  ]),
  // Swim 5, 3, 1.5, 0.75 km
  ["Swim", 0.749, null],
  ["Swim", 0.75, "sevenFifty"],
  ["Swim", 1.49, "sevenFifty"],
  ["Swim", 1.5, "onePointFiveK"],
  ["Swim", 2.99, "onePointFiveK"],
  ["Swim", 3, "threeK"],
  ["Swim", 4.99, "threeK"],
  ["Swim", 5, "fiveK"],
  // Hike 30, 20, 10, 5 km
  ["Hike", 4.999, null],
  ["Hike", 5, "fiveK"],
  ["Hike", 9.99, "fiveK"],
  ["Hike", 10, "tenK"],
  ["Hike", 19.99, "tenK"],
  ["Hike", 20, "twentyK"],
  ["Hike", 29.99, "twentyK"],
  ["Hike", 30, "thirtyK"],
];

describe("achievement bands", () => {
  it.each(cases)("%s of %s km counts as %s", (sport, km, key) => {
    expect(achievementFor(sport, kmToMetres(km))?.key ?? null).toBe(key);
  });

  it("uses the spec's field names", () => {
    const keys = Object.fromEntries(
      Object.entries(ACHIEVEMENT_BANDS).map(([sport, bands]) => [sport, bands.map((b) => b.key).sort()]),
    );
    expect(keys).toEqual({
      Ride: ["above100km", "above200km", "above50km"],
      Run: ["fiveK", "halfMarathon", "marathon", "tenK"],
      Walk: ["fiveK", "halfMarathon", "marathon", "tenK"],
      Swim: ["fiveK", "onePointFiveK", "sevenFifty", "threeK"],
      Hike: ["fiveK", "tenK", "thirtyK", "twentyK"],
    });
  });

  it("never overlaps: each band ends below the next one's threshold", () => {
    for (const bands of Object.values(ACHIEVEMENT_BANDS)) {
      const ascending = [...bands].reverse();
      for (let i = 0; i < ascending.length - 1; i++) {
        const { min, max } = bandMetres(ascending[i]);
        expect(max).not.toBeNull();
        expect(max!).toBeGreaterThanOrEqual(min);
        expect(max!).toBeLessThan(bandMetres(ascending[i + 1]).min);
      }
      expect(bandMetres(bands[0]).max).toBeNull();
    }
  });

  it("documents the sliver between Ride's inclusive 99.9 km and 100 km: it counts nowhere", () => {
    expect(achievementFor("Ride", 99_950)).toBeNull();
  });

  it("converts kilometres to metres without float noise", () => {
    expect(kmToMetres(99.9)).toBe(99_900);
    expect(kmToMetres(199.9)).toBe(199_900);
    expect(kmToMetres(0.75)).toBe(750);
    expect(kmToMetres(42.19)).toBe(42_190);
    expect(kmToMetres(1.49)).toBe(1_490);
  });
});

describe("achievement links", () => {
  const [above200, above100, above50] = ACHIEVEMENT_BANDS.Ride;

  it("link to /activities with the spec's Ride ranges 50-99.9, 100-199.9 and 200+", () => {
    expect(achievementLink("Ride", above50)).toBe("/activities?type=Ride&minDistance=50&maxDistance=99.9");
    expect(achievementLink("Ride", above100)).toBe("/activities?type=Ride&minDistance=100&maxDistance=199.9");
    expect(achievementLink("Ride", above200)).toBe("/activities?type=Ride&minDistance=200");
    expect(bandRange(above50)).toBe("50–99.9 km");
    expect(bandRange(above200)).toBe("200+ km");
  });

  it("carry commute=true when asked", () => {
    expect(achievementLink("Run", ACHIEVEMENT_BANDS.Run[3], { commute: true })).toBe(
      "/activities?type=Run&minDistance=5&maxDistance=9.99&commute=true",
    );
  });
});
