/**
 * Constants and shapes of the recommendations area (spec part 1 §3, §8, §9),
 * without zod or drizzle so the browser bundle of the dashboard card and the
 * page stays small. The values equal the CHECK constraints in db/schema.ts
 * (`fitness-profile.server.ts` checks that at compile time).
 */

export const SPORTS = ["Run", "Ride", "Swim"] as const;
export type RecommendationSport = (typeof SPORTS)[number];

export const DIFFICULTIES = ["easy", "moderate", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const IMPROVEMENT_TARGETS = ["general", "distance", "speed", "elevation"] as const;
export type ImprovementTarget = (typeof IMPROVEMENT_TARGETS)[number];

export const STATUSES = ["pending", "completed", "skipped"] as const;
export type RecommendationStatus = (typeof STATUSES)[number];

export const FITNESS_LEVELS = ["beginner", "intermediate", "advanced", "elite"] as const;
export type FitnessLevel = (typeof FITNESS_LEVELS)[number];

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: "Easy",
  moderate: "Moderate",
  hard: "Hard",
};
export const IMPROVEMENT_LABELS: Record<ImprovementTarget, string> = {
  general: "General fitness",
  distance: "Distance",
  speed: "Speed",
  elevation: "Elevation",
};
export const STATUS_LABELS: Record<RecommendationStatus, string> = {
  pending: "Pending",
  completed: "Completed",
  skipped: "Skipped",
};
export const LEVEL_LABELS: Record<FitnessLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  elite: "Elite",
};

/** At most this many pending recommendations on the dashboard card (spec §9). */
export const DASHBOARD_PENDING_LIMIT = 2;

/** The spec's toasts (§8), word for word. */
export const TOASTS = {
  generated: { title: "Recommendations Generated", description: "New workout recommendations are ready." },
  generateFailed: { title: "Failed to generate recommendations" },
  completed: { title: "Workout Completed", description: "Great job on completing your workout!" },
  completeFailed: { title: "Failed to mark workout as completed" },
  skipped: { title: "Workout Skipped", description: "The workout has been skipped." },
  skipFailed: { title: "Failed to skip workout" },
  loadFailed: {
    title: "Error loading recommendations",
    description: "Failed to load your workout recommendations. Please try again.",
  },
} as const;

/** A recommendation as the /api answers it (dates ISO-8601 UTC, distance metres, duration seconds). */
export interface Recommendation {
  id: number;
  title: string;
  sportType: RecommendationSport;
  difficulty: Difficulty;
  description: string;
  targetDuration: number | null;
  targetDistance: number | null;
  status: RecommendationStatus;
  recommendationDate: string;
  completedAt: string | null;
}

/** One sport's totals over the profile window (metres, seconds, m/s). */
export interface SportSummary {
  activityCount: number;
  totalDistance: number;
  totalDuration: number;
  totalElevation: number;
  longestDistance: number;
  longestDuration: number;
  /** Total distance / total moving time, m/s; 0 without moving time. */
  averageSpeed: number;
}

export interface FitnessInsights {
  recentActivitiesCount: number;
  /** Activities per week over the window, one decimal. */
  activityFrequency: number;
  mainSportType: string | null;
  improvementAreas: string[];
  strengths: string[];
  /** Length of the window the profile was computed over. */
  windowWeeks: number;
  /** Weeks of the window with at least one activity. */
  activeWeeks: number;
  /** Per dashboard sport (Ride, Run, Swim, Walk, Hike, Other) with activities in the window. */
  bySport: Partial<Record<string, SportSummary>>;
}

/** The fitness profile as the /api answers it. */
export interface FitnessProfile {
  id: number | null;
  userId: number;
  preferredSportTypes: string[];
  /** metres per week */
  avgWeeklyDistance: number;
  /** seconds per week */
  avgWeeklyDuration: number;
  /** metres of climbing per week */
  avgWeeklyElevation: number;
  fitnessLevel: FitnessLevel;
  lastUpdated: string;
  insights: FitnessInsights;
}

/** The difficulty badge's text; a missing difficulty reads Medium. */
export function difficultyLabel(difficulty: Difficulty | string | null | undefined): string {
  if (!difficulty) return "Medium";
  return (
    DIFFICULTY_LABELS[difficulty as Difficulty] ?? difficulty.charAt(0).toUpperCase() + difficulty.slice(1)
  );
}

export function difficultyTone(difficulty: string | null | undefined): string {
  if (difficulty === "easy") return "bg-green-100 text-green-800";
  if (difficulty === "hard") return "bg-red-100 text-red-800";
  return "bg-amber-100 text-amber-800";
}

export function levelLabel(level: FitnessLevel): string {
  return LEVEL_LABELS[level] ?? level;
}
