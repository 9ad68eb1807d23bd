/**
 * The 2025 edition of the annual 250 km ride (spec part 2 §3): its year, name,
 * day and distance, the one place they are written.
 */

export const EVENT_YEAR = 2025;
export const EVENT_NAME = "IAS CycleWari 2025";
/** 7 June 2025; plan dates are calendar days in UTC. */
export const EVENT_DATE = "2025-06-07";
export const EVENT_DATE_LABEL = "June 7, 2025";
export const EVENT_DISTANCE_KM = 250;
/** The start of the event day (00:00 UTC): the countdown's target. */
export const EVENT_START_MS = Date.parse(`${EVENT_DATE}T00:00:00Z`);
