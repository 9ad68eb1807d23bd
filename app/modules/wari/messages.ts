/**
 * The spec's messages of the annual event (part 2 §8), without zod: the /wari
 * page's browser bundle imports them from here, so it does not carry the
 * validation library (issue #17); `schema.ts` re-exports them for the server.
 */
export const WARI_MSG = {
  loadFailed: "Failed to load Wari event data. Please try again later.",
  generateFailed: "Failed to generate training plan. Please try again later.",
  noMatchingActivity: "No matching activity found for this workout",
  eventDay: "The event day cannot be marked as complete",
  checkFailed: "Error checking activity",
  updateFailed: "Failed to update workout status",
  planExists: "You already have a training plan for this edition",
  noPlan: "No training plan found",
  weekNotFound: "Week not found in your training plan",
  dayNotFound: "Day not found in this week",
  wrongWeekKey: "Workout keys must belong to this week's workouts",
  eventYear: "eventYear must be a year such as 2026",
  eventName: "Event name must be 1 to 100 characters",
  noEdition: "There is no Wari edition for that year",
  noCurrentEdition: "No Wari edition is announced yet",
  registrationClosed: "Registration for this edition is closed",
  alreadyRegistered: (name: string) => `You are already registered for ${name}`,
  editionPast: "This edition is over: its plan is a record now",
  editionOver: "This edition is over: its registration stays closed",
  registrationCannotOpen: "Registration closes when the ride day begins and cannot open again",
  editionExists: "There is already an edition for that year or day",
  editionHasRegistrations: "This edition has registrations and cannot be deleted",
  datePast: "The ride day must be today or later",
  dateYear: "The ride day must fall in the edition's year",
  windowOrder: "Registration must close after it opens",
  unknownEvent: "There is no event with that id",
  closesAfterRide: "Registration must close by the end of the ride day",
} as const;

export const WARI_TOASTS = {
  generated: { title: "Success", description: "Your training plan has been successfully generated!" },
  generateFailed: { title: "Error", description: WARI_MSG.generateFailed },
  cannotComplete: { title: "Cannot mark as complete" },
  updateFailed: { title: "Update Failed" },
  registrationFailed: { title: "Registration Failed" },
  registered: { title: "Registered" },
  alreadyRegistered: { title: "Already registered" },
} as const;
