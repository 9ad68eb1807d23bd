/**
 * Property tests of the periodised plan (issue #16, decision 024): for any
 * history, the generator's promises hold; the member of the issue (21 km a
 * week, one 205 km ride) gets a plan that starts near what they ride; and the
 * training-load model against values computed by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTrainingPlan } from "~/modules/wari/plan-generator";
import {
  PLAN_RULES,
  type PlanBasis,
  READY_LONG_RIDE_KM,
  robustWeeklyKm,
  startingPoint,
} from "~/modules/wari/plan-volumes";
import { CATEGORIES, type ReadinessInput } from "~/modules/wari/readiness";
import { weekStanding } from "~/modules/wari/week-standing";
import { WARI_2025 } from "./wari-edition-2025";
import {
  activityLoad,
  fitnessSeries,
  ridesBetween,
  trainingDays,
  type LoadActivity,
} from "~/modules/wari/training-load";
import {
  curvePoints,
  DAILY_CURVE_DAYS,
  packFitness,
  weeklyLoad,
} from "~/modules/wari/components/fitness-chart";

const member: ReadinessInput = {
  currentYearCyclingKm: 0,
  weeklyAverageCyclingKm: 0,
  longestRideKm: 0,
  consistencyScore: 0,
  otherSportsActive: false,
};

const km = fc.double({ min: 0, max: 600, noNaN: true });
const history = fc.record({
  weeklyKm: fc.array(km, { minLength: 8, maxLength: 12 }),
  rideKm: fc.array(fc.double({ min: 0.5, max: 320, noNaN: true }), { maxLength: 60 }),
});
const anyPlan = fc
  .tuple(history, fc.constantFrom(...CATEGORIES))
  .map(([basis, category]) => generateTrainingPlan({ ...member, category, basis }, WARI_2025));

const RUNS = { numRuns: 300 };

describe("the periodised plan, for any history", () => {
  it("never raises the weekly volume more than 10% above the biggest week before it", () => {
    fc.assert(
      fc.property(anyPlan, (plan) => {
        const weeks = plan.planDetails.weeklySchedule.slice(0, -1); // the event week holds the event itself
        weeks.forEach((w, i) => {
          if (i === 0) return;
          const biggest = Math.max(...weeks.slice(0, i).map((x) => x.weeklyGoalKm));
          expect(w.weeklyGoalKm).toBeLessThanOrEqual(biggest * (1 + PLAN_RULES.weeklyGrowth));
        });
      }),
      RUNS,
    );
  });

  it("has a lighter recovery week at least every fourth week until the peak", () => {
    fc.assert(
      fc.property(anyPlan, (plan) => {
        const weeks = plan.planDetails.weeklySchedule;
        const beforePeak = weeks.filter((w) => w.phase !== "Peak" && w.phase !== "Taper");
        let run = 0;
        beforePeak.forEach((w, i) => {
          run = w.recoveryWeek ? 0 : run + 1;
          expect(run).toBeLessThanOrEqual(3);
          if (w.recoveryWeek) {
            expect(w.weeklyGoalKm).toBeLessThan(beforePeak[i - 1]!.weeklyGoalKm);
            expect(w.longRideGoalKm).toBeLessThanOrEqual(beforePeak[i - 1]!.longRideGoalKm);
          }
        });
        expect(weeks.filter((w) => w.recoveryWeek).length).toBeGreaterThanOrEqual(2);
      }),
      RUNS,
    );
  });

  it("keeps every long ride before the event under the event distance and within its week", () => {
    fc.assert(
      fc.property(anyPlan, (plan) => {
        for (const w of plan.planDetails.weeklySchedule.slice(0, -1)) {
          expect(w.longRideGoalKm).toBeLessThan(WARI_2025.distanceKm);
          expect(w.longRideGoalKm).toBeLessThanOrEqual(PLAN_RULES.longMaxKm);
          expect(w.longRideGoalKm).toBeLessThanOrEqual(w.weeklyGoalKm);
        }
      }),
      RUNS,
    );
  });

  it("runs base, build, peak and taper in order, with a taper week before the event week", () => {
    const order = ["Base Building", "Endurance Building", "Peak", "Taper"];
    fc.assert(
      fc.property(anyPlan, (plan) => {
        const weeks = plan.planDetails.weeklySchedule;
        const ranks = weeks.map((w) => order.indexOf(String(w.phase)));
        expect(ranks.every((r, i) => r >= 0 && (i === 0 || r >= ranks[i - 1]!))).toBe(true);
        expect(new Set(ranks)).toEqual(new Set([0, 1, 2, 3]));
        const [taper, event] = weeks.slice(-2);
        const biggest = Math.max(...weeks.slice(0, -2).map((w) => w.weeklyGoalKm));
        expect(taper!.phase).toBe("Taper");
        expect(taper!.weeklyGoalKm).toBeLessThanOrEqual(Math.round(biggest * PLAN_RULES.taperShare));
        expect(event!.workouts.filter((w) => w.isEventDay)).toHaveLength(1);
        expect(event!.longRideGoalKm).toBe(WARI_2025.distanceKm);
      }),
      RUNS,
    );
  });

  it("lets one outlier ride lift the starting volume by at most the biggest week ÷ (weeks − 1)", () => {
    fc.assert(
      fc.property(
        history,
        fc.nat(),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (basis, at, outlierKm) => {
          const week = at % basis.weeklyKm.length;
          const withOutlier: PlanBasis = {
            weeklyKm: basis.weeklyKm.map((w, i) => (i === week ? w + outlierKm : w)),
            rideKm: [...basis.rideKm, outlierKm],
          };
          const bound = Math.max(...basis.weeklyKm) / (basis.weeklyKm.length - 1);
          const lift = robustWeeklyKm(withOutlier.weeklyKm) - robustWeeklyKm(basis.weeklyKm);
          expect(lift).toBeGreaterThanOrEqual(0);
          expect(lift).toBeLessThanOrEqual(bound + 1e-9);
          // The plan's rounded first week moves by that bound (and its rounding) at most.
          const before = startingPoint(basis);
          const after = startingPoint(withOutlier);
          expect(after.weeklyKm - before.weeklyKm).toBeLessThanOrEqual(Math.ceil(bound) + 1);
          // The long ride is a percentile: the outlier moves it one rank at most, never to the outlier itself.
          const sorted = [...basis.rideKm].sort((a, b) => a - b);
          if (sorted.length >= 2 && outlierKm > sorted.at(-1)!)
            expect(after.longRideKm).toBeLessThanOrEqual(
              Math.max(PLAN_RULES.minLongKm, Math.round(sorted.at(-1)!)),
            );
          expect(after.longRideKm).toBeLessThanOrEqual(after.weeklyKm * PLAN_RULES.longMaxShare + 0.5);
        },
      ),
      RUNS,
    );
  });
});

describe("adapting to what the member rides", () => {
  it("never piles a missed week's km onto the next: the current goal only ever goes down, to 110% of recent riding", () => {
    fc.assert(
      fc.property(
        anyPlan,
        fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { minLength: 16, maxLength: 16 }),
        fc.nat(15),
        (plan, riddenKm, at) => {
          const weeks = plan.planDetails.weeklySchedule;
          const current = at % weeks.length;
          const ridden = riddenKm.map((km) => ({ km, longestKm: km / 2 }));
          const start = plan.planDetails.assessment!.startWeeklyKm;
          const standing = weekStanding(weeks, ridden, current, start);
          standing.forEach((s, i) => {
            expect(s.status).toBe(i < current ? s.status : i === current ? "current" : "upcoming");
            if (i !== current) expect(s.adjustedGoalKm).toBeNull();
          });
          const adjusted = standing[current]!.adjustedGoalKm;
          if (adjusted !== null) {
            expect(adjusted).toBeLessThan(weeks[current]!.weeklyGoalKm);
            const recent = Math.max(riddenKm[current - 1] ?? 0, riddenKm[current - 2] ?? 0);
            expect(adjusted).toBeLessThanOrEqual(Math.max(recent * 1.1, start));
          }
        },
      ),
      RUNS,
    );
  });

  it("lowers the current goal after a missed week and marks past weeks done, short or missed", () => {
    const schedule = [50, 55, 60, 42].map((weeklyGoalKm, i) => ({ week: i + 1, weeklyGoalKm }));
    const ridden = [
      { km: 50, longestKm: 30 },
      { km: 10, longestKm: 10 },
      { km: 0, longestKm: 0 },
    ];
    const standing = weekStanding(schedule, ridden, 2, 50);
    expect(standing.map((s) => s.status)).toEqual(["done", "missed", "current", "upcoming"]);
    // Last week 10 km of 55: the goal becomes 110% of the best of the last two weeks (50) = 55, not 60 + the missed 45.
    expect(standing[2]!.adjustedGoalKm).toBe(55);
    // After two poor weeks it falls back to the plan's starting volume.
    expect(weekStanding(schedule, [ridden[1]!, ridden[1]!], 2, 30)[2]!.adjustedGoalKm).toBe(30);
    expect(
      weekStanding(
        schedule,
        [
          { km: 50, longestKm: 30 },
          { km: 40, longestKm: 20 },
        ],
        2,
        50,
      )[2]!.adjustedGoalKm,
    ).toBeNull();
  });
});

describe("the member of issue #16: 21 km a week and one 205 km ride", () => {
  // Two rides a week (9 and 12 km) for 12 weeks, and one 205 km day in week 6.
  const weeklyKm = Array.from({ length: 12 }, (_, i) => (i === 5 ? 21 + 205 : 21));
  const rideKm = [...Array.from({ length: 24 }, (_, i) => (i % 2 ? 9 : 12)), 205];
  const analysis = {
    currentYearCyclingKm: 457,
    weeklyAverageCyclingKm: 38.1,
    longestRideKm: 205,
    consistencyScore: 100,
    otherSportsActive: false,
  };
  const plan = generateTrainingPlan({ ...analysis, basis: { weeklyKm, rideKm } }, WARI_2025);
  const weeks = plan.planDetails.weeklySchedule;

  it("starts at their real weekly volume with a long ride like their usual ones", () => {
    expect(weeks[0]!.weeklyGoalKm).toBe(21);
    expect(weeks[0]!.longRideGoalKm).toBe(12);
    expect(Math.max(...weeks.slice(0, -1).map((w) => w.weeklyGoalKm))).toBeLessThan(60);
  });

  it("says plainly that the event is out of reach this year and offers a realistic ride", () => {
    const assessment = plan.planDetails.assessment!;
    expect(assessment.eventReady).toBe(false);
    expect(assessment.peakLongRideKm).toBeLessThan(READY_LONG_RIDE_KM);
    expect(assessment.realisticTargetKm).toBeLessThan(WARI_2025.distanceKm);
    expect(assessment.message).toContain("starts from your recent 21 km a week");
    expect(assessment.message).toContain(
      `A realistic target this year is a ride of about ${assessment.realisticTargetKm} km`,
    );
  });

  it("without the weekly detail (older callers) still never starts from the all-time longest ride", () => {
    const fallback = generateTrainingPlan(analysis, WARI_2025).planDetails.weeklySchedule[0]!;
    expect(fallback.longRideGoalKm).toBeLessThanOrEqual(fallback.weeklyGoalKm * PLAN_RULES.longMaxShare);
  });
});

describe("a member who rides 100 km a week with 60 km long rides", () => {
  it("reaches a long ride of 160-200 km before the taper and is told the event is within reach", () => {
    const plan = generateTrainingPlan(
      {
        ...member,
        category: "Intermediate",
        basis: { weeklyKm: Array(12).fill(100), rideKm: [...Array(12).fill(60), ...Array(24).fill(20)] },
      },
      WARI_2025,
    );
    const a = plan.planDetails.assessment!;
    expect(a.startWeeklyKm).toBe(100);
    expect(a.startLongRideKm).toBe(60);
    expect(a.peakLongRideKm).toBeGreaterThanOrEqual(160);
    expect(a.peakLongRideKm).toBeLessThanOrEqual(200);
    expect(a.eventReady).toBe(true);
  });
});

const ride = (day: string, km: number, hours: number, climbM = 0): LoadActivity => ({
  startDateLocal: `${day}T07:00:00`,
  sportType: "Ride",
  distance: km * 1000,
  movingTime: hours * 3600,
  totalElevationGain: climbM,
});

describe("the training-load model, by hand", () => {
  it("scores an activity as hours × IF² × 100 from speed and climbing, heart rate when present", () => {
    // 30 km/h flat is threshold: IF 1, one hour = 100.
    expect(activityLoad(ride("2025-03-01", 30, 1))).toBe(100);
    // 24 km/h with 10 m/km of climbing counts as 24 + 0.5 × 10 = 29 km/h: IF 29/30, 2 h × 0.9344 × 100.
    expect(activityLoad(ride("2025-03-01", 48, 2, 480))).toBeCloseTo(186.89, 2);
    // A flat 10 km run in an hour: IF 10/12.
    expect(activityLoad({ ...ride("2025-03-01", 10, 1), sportType: "Run" })).toBeCloseTo(69.44, 2);
    // A workout without distance: IF 0.65.
    expect(activityLoad({ ...ride("2025-03-01", 0, 1), sportType: "WeightTraining" })).toBeCloseTo(42.25, 2);
    // Heart rate wins: 153 bpm against 90% of a 190 bpm maximum, IF 0.8947.
    expect(activityLoad({ ...ride("2025-03-01", 30, 1), averageHeartrate: 153 }, 190)).toBeCloseTo(80.06, 1);
  });

  it("sums days in one pass and runs fitness (42 d), fatigue (7 d) and form", () => {
    const days = trainingDays([
      ride("2025-03-03", 30, 1),
      ride("2025-03-01", 30, 1),
      { ...ride("2025-03-03", 12, 1), sportType: "Walk" },
    ]);
    expect(days.firstDay).toBe("2025-03-01");
    expect(days.load).toEqual([100, 0, 100 + 42.3]);
    expect(days.rideKm).toEqual([30, 0, 30]);
    expect(ridesBetween(days, "2025-02-01", "2025-03-02")).toEqual({ km: 30, longestKm: 30 });

    const points = fitnessSeries(days, "2025-02-28", "2025-03-04");
    // Before the first activity everything is 0.
    expect(points[0]).toEqual({ date: "2025-02-28", load: 0, fitness: 0, fatigue: 0, form: 0 });
    // Day 1: 100/42 = 2.38, 100/7 = 14.29, form −11.9.
    expect(points[1]).toEqual({ date: "2025-03-01", load: 100, fitness: 2.4, fatigue: 14.3, form: -11.9 });
    // Day 2, no load: 2.381 × 41/42 = 2.324, 14.286 × 6/7 = 12.245.
    expect(points[2]).toEqual({ date: "2025-03-02", load: 0, fitness: 2.3, fatigue: 12.2, form: -9.9 });
    // Day 3, load 142.25: 2.324 + (142.25 − 2.324)/42 = 5.656; 12.245 + (142.25 − 12.245)/7 = 30.817.
    expect(points[3]).toEqual({ date: "2025-03-03", load: 142.3, fitness: 5.7, fatigue: 30.8, form: -25.2 });
    expect(points).toHaveLength(5);
  });

  it("answers an empty history with zeros over the range", () => {
    const points = fitnessSeries(trainingDays([]), "2025-06-01", "2025-06-07");
    expect(points).toHaveLength(7);
    expect(points.every((p) => p.fitness === 0 && p.fatigue === 0 && p.form === 0)).toBe(true);
  });
});

describe("the fitness chart's load columns", () => {
  it("sums the daily load by week, Monday to Sunday, one column at each Monday", () => {
    const points = fitnessSeries(
      trainingDays([ride("2025-03-02", 30, 1), ride("2025-03-03", 30, 1), ride("2025-03-09", 20, 1)]),
      "2025-02-27",
      "2025-03-11",
    );
    const weeks = weeklyLoad(points);
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
    expect(weeks.map(([ms]) => ms)).toEqual([day("2025-02-24"), day("2025-03-03"), day("2025-03-10")]);
    const load = (d: string) => points.find((p) => p.date === d)!.load;
    expect(weeks[0]![1]).toBeCloseTo(load("2025-03-02"), 1);
    expect(weeks[1]![1]).toBeCloseTo(load("2025-03-03") + load("2025-03-09"), 1);
    expect(weeks[2]![1]).toBe(0);
    expect(weeks.reduce((s, [, l]) => s + l, 0)).toBeCloseTo(
      points.reduce((s, p) => s + p.load, 0),
      1,
    );
  });
});

describe("the fitness chart's curves", () => {
  it("keep every day of the last 16 weeks and one point a week (Mondays) before them", () => {
    const points = fitnessSeries(trainingDays([ride("2024-06-03", 60, 1)]), "2024-06-01", "2025-06-01");
    const kept = curvePoints(points);
    const recent = points.slice(-DAILY_CURVE_DAYS);
    expect(kept.slice(-DAILY_CURVE_DAYS)).toEqual(recent);
    const older = kept.slice(0, -DAILY_CURVE_DAYS);
    expect(older[0]).toEqual(points[0]);
    expect(older.slice(1).every((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(older.length).toBeLessThanOrEqual(Math.ceil((points.length - DAILY_CURVE_DAYS) / 7) + 1);
    expect(curvePoints(recent)).toEqual(recent);
  });
});

describe("/wari's packed fitness data", () => {
  it("carries the chart's series, the event day and today, not the daily points", () => {
    const points = fitnessSeries(trainingDays([ride("2024-06-03", 60, 1)]), "2024-06-01", "2025-06-10");
    const chart = {
      eventName: "IAS CycleWari 2025",
      eventDate: "2025-06-07",
      from: "2024-06-01",
      to: "2025-06-10",
      today: points.at(-1)!,
      points,
      model: { fitnessDays: 42, fatigueDays: 7, load: "" },
    };
    const packed = packFitness(chart);
    expect(packed).not.toHaveProperty("points");
    expect(packed.eventDay).toEqual(points.find((p) => p.date === "2025-06-07"));
    expect(packed.empty).toBe(false);
    expect(packed.today).toEqual(chart.today);
    const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
    const curves = curvePoints(points);
    expect(JSON.parse(packed.series)).toEqual([
      { name: "Weekly load", type: "column", data: weeklyLoad(points) },
      { name: "Fitness", type: "line", data: curves.map((p) => [at(p.date), p.fitness]) },
      { name: "Fatigue", type: "line", data: curves.map((p) => [at(p.date), p.fatigue]) },
      { name: "Form", type: "line", data: curves.map((p) => [at(p.date), p.form]) },
    ]);
    // A fraction of the daily points' size in the page's data.
    expect(packed.series.length).toBeLessThan(JSON.stringify(points).length / 2);
    const none = packFitness({
      ...chart,
      eventDate: "2026-06-07",
      points: points.map((p) => ({ ...p, load: 0 })),
    });
    expect(none.eventDay).toBeNull();
    expect(none.empty).toBe(true);
  });
});
