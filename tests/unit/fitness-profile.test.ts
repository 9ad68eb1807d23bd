import { describe, expect, it } from "vitest";
import {
  computeFitnessProfile,
  emptyProfileValues,
  fitnessLevelOf,
  frequencyCap,
  isEmptyProfile,
  preferredSports,
  profileWindow,
  PROFILE_WINDOW_WEEKS,
  rankSports,
  volumeLevel,
  type SportAggregate,
} from "~/modules/recommendations/fitness-profile";
import { sport } from "./support/sport-aggregate";

const WEEKS = PROFILE_WINDOW_WEEKS;

/** Weekly distance `weeklyKm` spread over `perWeek` sessions for the whole window. */
function weekly(name: string, weeklyKm: number, perWeek: number, kmh = 25): SportAggregate {
  return sport(name, perWeek * WEEKS, weeklyKm / perWeek, kmh);
}

describe("the window", () => {
  it("is the last 12 weeks before now", () => {
    const now = new Date("2025-06-30T10:00:00Z");
    const { since, until } = profileWindow(now);
    expect(until).toEqual(now);
    expect((now.getTime() - since.getTime()) / 86_400_000).toBe(84);
  });
});

describe("the empty default profile", () => {
  it("is beginner with zeros and no sports when there are no activities", () => {
    const profile = computeFitnessProfile({ bySport: [], activeWeeks: 0 });
    expect(profile).toEqual(emptyProfileValues());
    expect(profile).toMatchObject({
      preferredSportTypes: [],
      avgWeeklyDistance: 0,
      avgWeeklyDuration: 0,
      avgWeeklyElevation: 0,
      fitnessLevel: "beginner",
      insights: {
        recentActivitiesCount: 0,
        activityFrequency: 0,
        mainSportType: null,
        improvementAreas: [],
        strengths: [],
      },
    });
    expect(isEmptyProfile(profile)).toBe(true);
  });

  it("ignores sports with no activities", () => {
    expect(computeFitnessProfile({ bySport: [sport("Ride", 0, 0, 1)], activeWeeks: 0 })).toEqual(
      emptyProfileValues(),
    );
  });
});

describe("fitness level: weekly volume per sport", () => {
  // [sport, weekly km (Other: hours), expected] with a frequency that does not cap the level.
  const cases: [string, number, string][] = [
    ["Ride", 39.9, "beginner"],
    ["Ride", 40, "intermediate"],
    ["Ride", 119.9, "intermediate"],
    ["Ride", 120, "advanced"],
    ["Ride", 249.9, "advanced"],
    ["Ride", 250, "elite"],
    ["Run", 14.9, "beginner"],
    ["Run", 15, "intermediate"],
    ["Run", 35, "advanced"],
    ["Run", 64.9, "advanced"],
    ["Run", 65, "elite"],
    ["Swim", 1.9, "beginner"],
    ["Swim", 2, "intermediate"],
    ["Swim", 5, "advanced"],
    ["Swim", 10, "elite"],
    ["Walk", 20, "intermediate"],
    ["Walk", 80, "elite"],
    ["Hike", 9.9, "beginner"],
    ["Hike", 25, "advanced"],
  ];
  it.each(cases)("%s at %s km a week is %s", (name, km, expected) => {
    const agg = weekly(name, km, 6);
    expect(volumeLevel(agg)).toBe(expected);
    expect(fitnessLevelOf([agg])).toBe(expected);
  });

  it("Other is judged by hours a week", () => {
    const hours = (h: number): SportAggregate => ({
      ...sport("Other", 6 * WEEKS, 0, 1),
      totalDistance: 0,
      totalDuration: h * 3600 * WEEKS,
    });
    expect(volumeLevel(hours(1.9))).toBe("beginner");
    expect(volumeLevel(hours(2))).toBe("intermediate");
    expect(volumeLevel(hours(5))).toBe("advanced");
    expect(volumeLevel(hours(9))).toBe("elite");
  });

  it("takes the best sport", () => {
    expect(fitnessLevelOf([weekly("Ride", 30, 3), weekly("Run", 40, 3)])).toBe("advanced");
  });

  it("is capped by how often the member trains", () => {
    expect(frequencyCap(0.9)).toBe("beginner");
    expect(frequencyCap(1)).toBe("intermediate");
    expect(frequencyCap(3)).toBe("advanced");
    expect(frequencyCap(5)).toBe("elite");
    // 300 km a week in one ride: volume says elite, once a week says intermediate.
    expect(fitnessLevelOf([weekly("Ride", 300, 1)])).toBe("intermediate");
    expect(fitnessLevelOf([weekly("Ride", 300, 3)])).toBe("advanced");
    expect(fitnessLevelOf([weekly("Ride", 300, 5)])).toBe("elite");
  });
});

describe("main sport and preferred sports", () => {
  it("ranks by moving time, then count, then Ride, Run, Swim, Walk, Hike, Other", () => {
    const run = sport("Run", 10, 10, 10); // 10 h
    const ride = sport("Ride", 5, 50, 25); // 10 h
    const swim = sport("Swim", 10, 2, 2); // 10 h
    expect(rankSports([swim, ride, run]).map((s) => s.sport)).toEqual(["Run", "Swim", "Ride"]);
    const tie = [sport("Swim", 5, 2, 2), sport("Ride", 5, 50, 50)]; // 5 h and 5 h, 5 each
    expect(rankSports(tie).map((s) => s.sport)).toEqual(["Ride", "Swim"]);
  });

  it("keeps the main sport and any sport with at least 20% of the time, at most 3", () => {
    const ranked = rankSports([
      sport("Ride", 10, 50, 25),
      sport("Run", 10, 10, 10),
      sport("Walk", 4, 3, 6),
      sport("Swim", 3, 1, 2),
    ]);
    // Ride 20 h, Run 10 h, Walk 2 h, Swim 1.5 h of 33.5 h: Walk 6 %, Swim 4.5 %.
    expect(preferredSports(ranked)).toEqual(["Ride", "Run"]);
    const even = rankSports(["Ride", "Run", "Swim", "Walk"].map((s) => sport(s, 4, 10, 10)));
    expect(preferredSports(even)).toHaveLength(3);
    expect(preferredSports(rankSports([sport("Hike", 1, 5, 4)]))).toEqual(["Hike"]);
  });
});

describe("a beginner's history", () => {
  // Four slow, flat 3 km runs in four different weeks.
  const profile = computeFitnessProfile({ bySport: [sport("Run", 4, 3, 7.5)], activeWeeks: 4 });

  it("is a beginner running about once every three weeks", () => {
    expect(profile.fitnessLevel).toBe("beginner");
    expect(profile.preferredSportTypes).toEqual(["Run"]);
    expect(profile.insights.mainSportType).toBe("Run");
    expect(profile.insights.recentActivitiesCount).toBe(4);
    expect(profile.insights.activityFrequency).toBe(0.3);
    expect(profile.avgWeeklyDistance).toBe(1000);
    expect(profile.avgWeeklyDuration).toBe(Math.round((4 * 24 * 60) / WEEKS));
    expect(isEmptyProfile(profile)).toBe(false);
  });

  it("has everything to improve and no strengths yet", () => {
    expect(profile.insights.strengths).toEqual([]);
    expect(profile.insights.improvementAreas).toEqual(["Consistency", "Endurance", "Speed", "Climbing"]);
  });

  it("keeps per-sport totals for the generator", () => {
    expect(profile.insights.bySport.Run).toEqual({
      activityCount: 4,
      totalDistance: 12000,
      totalDuration: 5760,
      totalElevation: 0,
      longestDistance: 3000,
      longestDuration: 1440,
      averageSpeed: Math.round((12000 / 5760) * 1000) / 1000,
    });
  });
});

describe("an elite history", () => {
  // Six hilly rides a week every week (one long one), plus a run every other week.
  const rides = sport("Ride", 6 * WEEKS, 60, 31, 15, 180);
  const runs = sport("Run", WEEKS / 2, 10, 12.5, 10);
  const profile = computeFitnessProfile({ bySport: [runs, rides], activeWeeks: 12 });

  it("is elite, mainly riding", () => {
    expect(profile.fitnessLevel).toBe("elite");
    expect(profile.insights.mainSportType).toBe("Ride");
    expect(profile.preferredSportTypes).toEqual(["Ride"]);
    expect(profile.insights.activityFrequency).toBe(6.5);
    expect(profile.avgWeeklyDistance).toBe(Math.round((rides.totalDistance + runs.totalDistance) / WEEKS));
    expect(profile.avgWeeklyElevation).toBe(
      Math.round(((rides.totalElevation + runs.totalElevation) / WEEKS) * 10) / 10,
    );
  });

  it("has consistency, endurance, speed, climbing and variety as strengths", () => {
    expect(profile.insights.strengths).toEqual(["Consistency", "Endurance", "Speed", "Climbing", "Variety"]);
    expect(profile.insights.improvementAreas).toEqual([]);
  });
});

describe("strengths and improvement areas sit between the thresholds", () => {
  it("a middling rider has neither for each rule", () => {
    // 8 of 12 weeks, longest 70 km, 24 km/h, 8 m/km.
    const profile = computeFitnessProfile({ bySport: [sport("Ride", 16, 50, 24, 8, 70)], activeWeeks: 8 });
    expect(profile.insights.strengths).toEqual([]);
    expect(profile.insights.improvementAreas).toEqual([]);
    expect(profile.fitnessLevel).toBe("intermediate");
  });

  it("swims have no climbing rule", () => {
    const profile = computeFitnessProfile({ bySport: [sport("Swim", 24, 2, 2.5)], activeWeeks: 12 });
    expect(profile.insights.strengths).toEqual(["Consistency"]);
    expect(profile.insights.improvementAreas).toEqual([]);
  });
});
