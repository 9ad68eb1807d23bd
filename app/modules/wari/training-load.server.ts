/**
 * The member's training days, cached (decision 024): read the row of
 * `training_load_cache`; when it is stale or absent, one pass over the
 * member's activities (through the activities module) and store the result
 * if no write outdated it meanwhile. The fitness chart and the plan's
 * progress read from it.
 */
import { eq, sql } from "drizzle-orm";
import { trainingLoadCache } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { memberLoadRows } from "~/modules/activities/queries.server";
import { istDay } from "./edition";
import { getCurrentEdition } from "./editions.server";
import {
  dayNumber,
  dayString,
  fitnessSeries,
  LOAD_MODEL,
  trainingDays,
  type FitnessPoint,
  type TrainingDays,
} from "./training-load";

function readDays(raw: unknown): TrainingDays | null {
  const value = (typeof raw === "string" ? JSON.parse(raw) : raw) as Partial<TrainingDays> | null;
  if (
    !value ||
    !Array.isArray(value.load) ||
    !Array.isArray(value.rideKm) ||
    !Array.isArray(value.longestRideKm)
  )
    return null;
  return {
    firstDay: typeof value.firstDay === "string" ? value.firstDay : null,
    load: value.load,
    rideKm: value.rideKm,
    longestRideKm: value.longestRideKm,
  };
}

export async function getTrainingDays(app: AppContext, userId: number): Promise<TrainingDays> {
  const [row] = await app.db
    .select({ generation: trainingLoadCache.generation, days: trainingLoadCache.days })
    .from(trainingLoadCache)
    .where(eq(trainingLoadCache.userId, userId))
    .limit(1);
  const cached = row?.days ? readDays(row.days) : null;
  if (cached) return cached;
  const generation = row?.generation ?? 0;
  const days = trainingDays(await memberLoadRows(app, userId));
  try {
    await app.db
      .insert(trainingLoadCache)
      .values({ userId, generation, days, computedAt: app.now() })
      .onConflictDoUpdate({
        target: trainingLoadCache.userId,
        set: { days: sql`excluded.days`, computedAt: sql`excluded.computed_at` },
        // A write of the activities since our read bumped the generation: keep it stale.
        setWhere: sql`${trainingLoadCache.generation} = excluded.generation`,
      });
  } catch (error) {
    console.error("wari: storing the training load failed", error);
  }
  return days;
}

/** The chart's days: 16 weeks before the event (or 180 days before today, if earlier) to today. */
export function chartRange(now: Date, eventDate: string): { from: string; to: string } {
  const today = dayNumber(now.toISOString());
  return { from: dayString(Math.min(dayNumber(eventDate) - 16 * 7, today - 180)), to: dayString(today) };
}

export interface FitnessChart {
  eventName: string;
  eventDate: string;
  from: string;
  to: string;
  /** Today's values (the last point), or zeros without activities. */
  today: FitnessPoint;
  points: FitnessPoint[];
  model: { fitnessDays: number; fatigueDays: number; load: string };
}

/** GET /api/wari/fitness and the /wari chart: daily load, fitness, fatigue and form. */
export async function getFitnessChart(
  app: AppContext,
  userId: number,
  given?: { name: string; rideDate: string } | null,
): Promise<FitnessChart> {
  // The current edition's ride day marks the chart; without any edition, today stands in.
  const edition = given === undefined ? (await getCurrentEdition(app))?.edition : given;
  const event = edition ?? { name: "Wari", rideDate: istDay(app.now()) };
  const { from, to } = chartRange(app.now(), event.rideDate);
  const points = fitnessSeries(await getTrainingDays(app, userId), from, to);
  return {
    eventName: event.name,
    eventDate: event.rideDate,
    from,
    to,
    today: points.at(-1) ?? { date: to, load: 0, fitness: 0, fatigue: 0, form: 0 },
    points,
    model: {
      fitnessDays: LOAD_MODEL.fitnessDays,
      fatigueDays: LOAD_MODEL.fatigueDays,
      load: "hours × intensity² × 100; intensity from heart rate when present, else from speed and climbing",
    },
  };
}
