/**
 * Display formats shared by the dashboard and the activity list (spec part 1
 * §9: metres / 1000 for km, seconds / 3600 for hours; timeline distance to
 * 1 decimal, time in minutes; dates in en-US format). Fixed locale and time
 * zone, so the server's HTML and the browser's hydration agree.
 */
const LOCALE = "en-US";

const fmt = (digits: number) =>
  new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const int = fmt(0);
const one = fmt(1);
const two = fmt(2);

export const formatInt = (n: number) => int.format(n);
export const formatOne = (n: number) => one.format(n);
export const formatKm = (km: number) => `${one.format(km)} km`;
export const metresToKm = (metres: number) => metres / 1000;
export const formatMetresAsKm = (metres: number) => formatKm(metresToKm(metres));
export const formatHours = (hours: number) => `${one.format(hours)} h`;
export const formatElevation = (metres: number) => `${int.format(metres)} m`;
export const formatMinutes = (minutes: number) => `${int.format(minutes)} min`;

/** 3725 s → "1 h 2 min"; 900 s → "15 min". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Paise → "₹1,234.50". */
export function formatRupees(paise: number): string {
  return `₹${two.format(paise / 100)}`;
}

/** Strava's local wall-clock time ("2025-03-04T07:12:00Z") as the athlete saw it: "Mar 4, 2025". */
export function formatLocalDate(startDateLocal: string): string {
  return new Date(startDateLocal).toLocaleDateString(LOCALE, {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

/** "2025-03" → "March 2025". */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(LOCALE, {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  });
}

/** A timeline period label: day "Mar 4", week "Mar 3" (its Monday), month "Mar 2025". */
export function formatPeriod(period: string): string {
  const date = new Date(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  return period.length === 7
    ? date.toLocaleDateString(LOCALE, { timeZone: "UTC", month: "short", year: "numeric" })
    : date.toLocaleDateString(LOCALE, { timeZone: "UTC", day: "numeric", month: "short" });
}

/** Readable sport type: "VirtualRide" → "Virtual Ride". */
export function formatSportType(sportType: string): string {
  return sportType.replace(/([a-z])([A-Z])/g, "$1 $2");
}
