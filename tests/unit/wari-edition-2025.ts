/** The 2025 edition as the migration seeds it (db/migrations/0017_wari_editions.sql), for the pure rules' tests. */
import type { Edition } from "~/modules/wari/edition";

export const WARI_2025: Edition = {
  year: 2025,
  name: "IAS CycleWari 2025",
  rideDate: "2025-06-07",
  distanceKm: 250,
  startPlace: null,
  description: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  eventId: null,
};
export const EVENT_DATE = WARI_2025.rideDate;
