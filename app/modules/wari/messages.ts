/**
 * The spec's messages of the annual event (part 2 §8), without zod: the /wari
 * page's browser bundle imports them from here, so it does not carry the
 * validation library (issue #17); `schema.ts` re-exports them for the server.
 */
import { EVENT_NAME, EVENT_YEAR } from "./edition";

export const WARI_MSG = {
  loadFailed: "Failed to load Wari event data. Please try again later.",
  generateFailed: "Failed to generate training plan. Please try again later.",
  noMatchingActivity: "No matching activity found for this workout",
  eventDay: "The event day cannot be marked as complete",
  checkFailed: "Error checking activity",
  updateFailed: "Failed to update workout status",
  planExists: "You already have a training plan for 2025",
  noPlan: "No training plan found",
  weekNotFound: "Week not found in your training plan",
  dayNotFound: "Day not found in this week",
  wrongWeekKey: "Workout keys must belong to this week's workouts",
  eventYear: `Registration is open for the ${EVENT_YEAR} event only`,
  eventName: "Event name must be 1 to 100 characters",
} as const;

export const WARI_TOASTS = {
  generated: { title: "Success", description: "Your training plan has been successfully generated!" },
  generateFailed: { title: "Error", description: WARI_MSG.generateFailed },
  cannotComplete: { title: "Cannot mark as complete" },
  updateFailed: { title: "Update Failed" },
  registrationFailed: { title: "Registration Failed" },
  registered: { title: "Registered", description: `You are registered for ${EVENT_NAME}.` },
} as const;
