/**
 * The shapes of a stored training plan (the `plan_details` JSON): phases,
 * weeks, workouts and the assessment.
 */
import type { Category } from "./readiness";

export const PHASES = {
  base: "Base Building",
  endurance: "Endurance Building",
  peak: "Peak",
  taper: "Taper",
} as const;
export type Phase = (typeof PHASES)[keyof typeof PHASES];

export interface Workout {
  day: string;
  type: string;
  description: string;
  /** minutes */
  duration: number;
  /** 0-5 */
  intensity: number;
  isEventDay: boolean;
}

export interface PlanWeek {
  week: number;
  phase: Phase | string;
  startDate: string;
  endDate: string;
  weeklyGoalKm: number;
  longRideGoalKm: number;
  /** A lighter week (every fourth loading week); absent in plans made before periodisation. */
  recoveryWeek?: boolean;
  workouts: Workout[];
}

/** Where the plan starts and whether it reaches what a 250 km day needs (stored with the plan). */
export interface PlanAssessment {
  /** The robust weekly volume the plan starts from (km). */
  startWeeklyKm: number;
  /** The robust long ride the plan starts from (km). */
  startLongRideKm: number;
  /** The longest training ride the plan reaches before the taper (km). */
  peakLongRideKm: number;
  /** True when that long ride prepares the event (at least READY_LONG_RIDE_KM). */
  eventReady: boolean;
  /** The one-day distance this plan prepares: the event's, or a realistic shorter ride. */
  realisticTargetKm: number;
  message: string;
}

export interface PlanDetails {
  eventYear: number;
  eventDate: string;
  eventDistanceKm: number;
  totalWeeks: number;
  /** The sum of the weekly goals. */
  totalDistanceKm: number;
  weeklySchedule: PlanWeek[];
  /** Absent in plans made before periodisation. */
  assessment?: PlanAssessment;
}

export interface GeneratedPlan {
  category: Category;
  startDate: string;
  planDetails: PlanDetails;
}
