/**
 * Display formats of recommendations and the fitness profile, shared by the
 * dashboard card and the page (spec part 1 §2: durations as minutes or hours
 * and minutes, distances in km to one decimal, N/A when absent, difficulty
 * badge default Medium). Pure and locale-fixed, so server HTML and hydration agree.
 */
import { DIFFICULTY_LABELS, LEVEL_LABELS, type Difficulty, type FitnessLevel } from "./constants";

export const NOT_AVAILABLE = "N/A";

/** 2700 → "45 min"; 5400 → "1 h 30 min"; 7200 → "2 h"; null → "N/A". */
export function formatTargetDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return NOT_AVAILABLE;
  const total = Math.round(seconds / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** 8000 → "8.0 km"; 1250 → "1.3 km"; null → "N/A". */
export function formatTargetDistance(metres: number | null | undefined): string {
  if (metres === null || metres === undefined || !Number.isFinite(metres) || metres < 0) return NOT_AVAILABLE;
  return `${(metres / 1000).toFixed(1)} km`;
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

/** ISO date → "Mar 4, 2025" (UTC, en-US as the spec asks). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}
