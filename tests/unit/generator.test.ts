import { describe, expect, it } from "vitest";
import { formatTargetDistance, formatTargetDuration } from "~/lib/format";
import {
  DIFFICULTIES,
  difficultyLabel,
  IMPROVEMENT_TARGETS,
  SPORTS,
  type RecommendationSport,
} from "~/modules/recommendations/constants";
import { computeFitnessProfile, emptyProfileValues } from "~/modules/recommendations/fitness-profile";
import {
  baselineFor,
  DEFAULTS,
  generateWorkouts,
  LIMITS,
  resolveSports,
  type GeneratorProfile,
  type PlannedWorkout,
} from "~/modules/recommendations/generator";
import { sport } from "./support/sport-aggregate";

// A rider who also runs (a quarter of the time): 30 rides of 50 km (longest 80 km) at 25 km/h with 8 m/km, 24 runs of 8 km at 10 km/h.
const rider: GeneratorProfile = computeFitnessProfile({
  bySport: [sport("Ride", 30, 50, 25, 8, 80), sport("Run", 24, 8, 10, 12, 12)],
  activeWeeks: 11,
});
const beginner: GeneratorProfile = computeFitnessProfile({
  bySport: [sport("Run", 4, 3, 7.5, 0, 4)],
  activeWeeks: 4,
});
const elite: GeneratorProfile = computeFitnessProfile({
  bySport: [
    sport("Ride", 72, 60, 31, 15, 180),
    sport("Run", 24, 14, 13.5, 10, 30),
    sport("Swim", 24, 3, 3.2, 0, 4),
  ],
  activeWeeks: 12,
});
const empty: GeneratorProfile = emptyProfileValues();

const titles = (plan: PlannedWorkout[]) => plan.map((w) => w.title);

function expectWellFormed(plan: PlannedWorkout[]) {
  expect(plan.length).toBeGreaterThanOrEqual(3);
  for (const w of plan) {
    expect(SPORTS).toContain(w.sportType);
    expect(DIFFICULTIES).toContain(w.difficulty);
    expect(w.title.length).toBeGreaterThan(3);
    expect(w.description.length).toBeGreaterThan(20);
    expect(Number.isInteger(w.targetDuration)).toBe(true);
    expect(w.targetDuration % 300).toBe(0);
    expect(w.targetDuration).toBeGreaterThanOrEqual(900);
    expect(w.targetDistance).toBeGreaterThanOrEqual(LIMITS[w.sportType].min);
    expect(w.targetDistance).toBeLessThanOrEqual(LIMITS[w.sportType].max);
    expect(w.targetDistance % LIMITS[w.sportType].step).toBe(0);
  }
  // Varied: no two workouts alike.
  expect(new Set(plan.map((w) => `${w.title}|${w.sportType}`)).size).toBe(plan.length);
}

describe("sports of the plan", () => {
  it("defaults to the preferred sports among Run, Ride and Swim, else Run", () => {
    expect(resolveSports(rider)).toEqual(["Ride", "Run"]);
    expect(resolveSports({ preferredSportTypes: ["Walk", "Swim"] })).toEqual(["Swim"]);
    expect(resolveSports({ preferredSportTypes: ["Hike"] })).toEqual(["Run"]);
    expect(resolveSports(empty)).toEqual(["Run"]);
  });

  it("takes the requested sports, deduplicated, preferred first, then Run, Ride, Swim", () => {
    expect(resolveSports(rider, ["Swim", "Run", "Ride", "Run"])).toEqual(["Ride", "Run", "Swim"]);
    expect(resolveSports(empty, ["Swim", "Ride"])).toEqual(["Ride", "Swim"]);
    expect(resolveSports(rider, [])).toEqual(["Ride", "Run"]);
  });

  it("one focused session per sport, then a second session and a recovery in the main sport", () => {
    const plan = generateWorkouts(rider, {
      sportTypes: ["Run", "Ride", "Swim"],
      targetImprovement: "general",
    });
    expect(plan.map((w) => w.sportType)).toEqual(["Ride", "Run", "Swim", "Ride", "Ride"]);
    expect(titles(plan)).toEqual([
      "Endurance Ride",
      "Endurance Run",
      "Endurance Swim",
      "Tempo Ride",
      "Recovery Ride",
    ]);
  });
});

describe("each improvement target", () => {
  it("general: endurance, tempo and recovery", () => {
    const plan = generateWorkouts(rider, { sportTypes: ["Ride"], targetImprovement: "general" });
    expect(titles(plan)).toEqual(["Endurance Ride", "Tempo Ride", "Recovery Ride"]);
    // The endurance ride is the member's typical ride (50 km) at moderate volume.
    expect(plan[0].targetDistance).toBe(50_000);
    expectWellFormed(plan);
  });

  it("distance: a long session at 1.2× the longest of the window, then endurance and recovery", () => {
    const plan = generateWorkouts(rider, { sportTypes: ["Ride", "Run"], targetImprovement: "distance" });
    expect(titles(plan)).toEqual(["Long Endurance Ride", "Long Run", "Endurance Ride", "Recovery Ride"]);
    expect(plan[0].targetDistance).toBe(96_000); // 1.2 × 80 km
    expect(plan[1].targetDistance).toBe(14_500); // 1.2 × 12 km = 14.4, to the half km
    expect(plan[0].description).toContain("1.2× your longest ride of the last 12 weeks (80 km)");
    // At 90 % of the usual 25 km/h: 96 km in about 4 h 15 min.
    expect(plan[0].targetDuration).toBe(Math.round(96_000 / ((25 / 3.6) * 0.9) / 300) * 300);
    expectWellFormed(plan);
  });

  it("speed: intervals and tempo", () => {
    const plan = generateWorkouts(rider, { sportTypes: ["Run", "Swim"], targetImprovement: "speed" });
    expect(titles(plan)).toEqual(["Run Intervals", "Swim Speed Set", "Tempo Run", "Recovery Run"]);
    expect(plan[0].description).toMatch(/\d+ × 800 m/);
    expectWellFormed(plan);
  });

  it("elevation: hill repeats and a hilly route; a pool has no hills", () => {
    const plan = generateWorkouts(rider, {
      sportTypes: ["Ride", "Run", "Swim"],
      targetImprovement: "elevation",
    });
    expect(titles(plan)).toEqual([
      "Ride Hill Repeats",
      "Run Hill Repeats",
      "Swim Power Set",
      "Hilly Endurance Ride",
      "Recovery Ride",
    ]);
    // 50 km at 1.25 × the member's 8 m/km (at least 10 m/km): 500 m of climbing.
    expect(plan[3].description).toContain("about 500 m of climbing");
    const swimOnly = generateWorkouts(rider, { sportTypes: ["Swim"], targetImprovement: "elevation" });
    expect(titles(swimOnly)).toEqual(["Swim Power Set", "Endurance Swim", "Recovery Swim"]);
    expectWellFormed(plan);
    expectWellFormed(swimOnly);
  });

  it.each(IMPROVEMENT_TARGETS.flatMap((t) => SPORTS.map((s) => [t, s] as const)))(
    "%s × %s is well formed",
    (target, s) => {
      expectWellFormed(generateWorkouts(elite, { sportTypes: [s], targetImprovement: target }));
      expectWellFormed(generateWorkouts(beginner, { sportTypes: [s], targetImprovement: target }));
    },
  );
});

describe("each difficulty", () => {
  const plans = Object.fromEntries(
    DIFFICULTIES.map((d) => [
      d,
      generateWorkouts(rider, {
        sportTypes: ["Ride"],
        difficultyPreference: d,
        targetImprovement: "distance",
      }),
    ]),
  );

  it("labels the focused sessions with the preference; recovery is always easy", () => {
    for (const d of DIFFICULTIES) {
      expect(plans[d][0].difficulty).toBe(d);
      expect(plans[d][1].difficulty).toBe(d);
      expect(plans[d][2].difficulty).toBe("easy");
    }
  });

  it("scales the volume: easy < moderate < hard", () => {
    expect(plans.easy[0].targetDistance).toBe(88_000); // 1.1 × 80
    expect(plans.moderate[0].targetDistance).toBe(96_000); // 1.2 × 80
    expect(plans.hard[0].targetDistance).toBe(104_000); // 1.3 × 80
    expect(plans.easy[1].targetDistance).toBeLessThan(plans.moderate[1].targetDistance);
    expect(plans.moderate[1].targetDistance).toBeLessThan(plans.hard[1].targetDistance);
    // Recovery does not depend on the preference.
    expect(plans.easy[2]).toEqual(plans.hard[2]);
  });

  it("adds repetitions and intensity", () => {
    const reps = (d: (typeof DIFFICULTIES)[number]) => {
      const plan = generateWorkouts(rider, {
        sportTypes: ["Ride"],
        difficultyPreference: d,
        targetImprovement: "speed",
      });
      return { n: Number(/(\d+) ×/.exec(plan[0].description)?.[1]), plan };
    };
    const [easy, moderate, hard] = DIFFICULTIES.map(reps);
    expect(easy.n).toBeLessThan(moderate.n);
    expect(moderate.n).toBeLessThan(hard.n);
    expect(easy.plan[0].targetDuration).toBeLessThan(hard.plan[0].targetDuration);
    expect(hard.plan[0].description).toContain("very hard");
  });

  it("defaults to moderate", () => {
    expect(generateWorkouts(rider, { targetImprovement: "speed" })).toEqual(
      generateWorkouts(rider, { difficultyPreference: "moderate", targetImprovement: "speed" }),
    );
  });
});

describe("a beginner and an elite history", () => {
  it("a beginner with little history gets short sessions from the beginner defaults", () => {
    const plan = generateWorkouts(beginner, { sportTypes: ["Run"], targetImprovement: "distance" });
    // Four runs is enough history: the longest run was 4 km → 1.2 × 4 = 4.8 → 5 km.
    expect(plan[0]).toMatchObject({ title: "Long Run", targetDistance: 5000 });
    // No ride history: the beginner's default ride (30 km longest) scaled by 1.2.
    const ride = generateWorkouts(beginner, { sportTypes: ["Ride"], targetImprovement: "distance" });
    expect(baselineFor(beginner, "Ride").fromHistory).toBe(false);
    expect(ride[0].targetDistance).toBe(DEFAULTS.Ride.beginner.longest * 1.2 * 1000);
    expect(ride[0].description).toContain("a beginner rider");
  });

  it("an elite athlete's sessions are longer and harder than a beginner's", () => {
    for (const s of SPORTS) {
      for (const target of IMPROVEMENT_TARGETS) {
        const b = generateWorkouts(beginner, {
          sportTypes: [s as RecommendationSport],
          targetImprovement: target,
        });
        const e = generateWorkouts(elite, {
          sportTypes: [s as RecommendationSport],
          targetImprovement: target,
        });
        expect(e[0].targetDistance, `${target} ${s}`).toBeGreaterThan(b[0].targetDistance);
        expect(e[0].targetDuration, `${target} ${s}`).toBeGreaterThanOrEqual(b[0].targetDuration);
      }
    }
  });

  it("the elite rider's long ride is 1.2 × 180 km, within the 300 km limit", () => {
    const plan = generateWorkouts(elite, { sportTypes: ["Ride"], targetImprovement: "distance" });
    expect(plan[0].targetDistance).toBe(216_000);
    const hard = generateWorkouts(elite, {
      sportTypes: ["Ride"],
      difficultyPreference: "hard",
      targetImprovement: "distance",
    });
    expect(hard[0].targetDistance).toBe(234_000);
  });

  it("a member with no activities at all gets a beginner Run plan", () => {
    const plan = generateWorkouts(empty, { targetImprovement: "general" });
    expect(plan.map((w) => w.sportType)).toEqual(["Run", "Run", "Run"]);
    expect(plan[0].targetDistance).toBe(DEFAULTS.Run.beginner.typical * 1000);
    expectWellFormed(plan);
  });
});

describe("determinism", () => {
  it("the same inputs and the same profile give the same plan", () => {
    for (const target of IMPROVEMENT_TARGETS) {
      for (const d of DIFFICULTIES) {
        const options = {
          sportTypes: ["Swim", "Run", "Ride"] as RecommendationSport[],
          difficultyPreference: d,
          targetImprovement: target,
        };
        const first = generateWorkouts(structuredClone(elite), options);
        expect(generateWorkouts(structuredClone(elite), { ...options })).toEqual(first);
      }
    }
  });

  it("does not change its inputs", () => {
    const profile = structuredClone(rider);
    const sportTypes: RecommendationSport[] = ["Swim", "Ride"];
    generateWorkouts(profile, { sportTypes, targetImprovement: "distance" });
    expect(profile).toEqual(rider);
    expect(sportTypes).toEqual(["Swim", "Ride"]);
  });
});

// How the card and the page show a workout (app/modules/recommendations/format.ts).
describe("display formats", () => {
  it("durations as minutes, or hours and minutes; N/A when absent", () => {
    expect(formatTargetDuration(45 * 60)).toBe("45 min");
    expect(formatTargetDuration(59 * 60 + 40)).toBe("1 h");
    expect(formatTargetDuration(90 * 60)).toBe("1 h 30 min");
    expect(formatTargetDuration(3 * 3600)).toBe("3 h");
    expect(formatTargetDuration(0)).toBe("0 min");
    expect(formatTargetDuration(null)).toBe("N/A");
    expect(formatTargetDuration(undefined)).toBe("N/A");
  });

  it("distances in km to one decimal; N/A when absent", () => {
    expect(formatTargetDistance(8000)).toBe("8.0 km");
    expect(formatTargetDistance(1250)).toBe("1.3 km");
    expect(formatTargetDistance(98_040)).toBe("98.0 km");
    expect(formatTargetDistance(null)).toBe("N/A");
  });

  it("the difficulty badge reads Medium when the difficulty is absent", () => {
    expect(difficultyLabel("easy")).toBe("Easy");
    expect(difficultyLabel("moderate")).toBe("Moderate");
    expect(difficultyLabel("hard")).toBe("Hard");
    expect(difficultyLabel(null)).toBe("Medium");
    expect(difficultyLabel("")).toBe("Medium");
  });
});
