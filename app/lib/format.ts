/**
 * Every display format of the app, in one place (spec part 1 §2 and §9,
 * part 2 §9): numbers and dates in en-US, metres / 1000 for km, seconds /
 * 3600 for hours, fees in rupees with 2 decimals. The locale and the time
 * zone are always fixed, so the server's HTML and the browser's hydration
 * agree. Which clock a date is read on is part of its name or its comment:
 * UTC for calendar days (Strava's local wall-clock times, plan dates),
 * India time (the community's clock) for events and feedback.
 *
 * Numbers and dates are written here in plain JavaScript, not with `Intl`
 * (issue #17, decision 028): a page's first `Intl` formatter loads ICU's
 * locale data (≈ 24 ms of CPU in Node on our 2-core machine, more on a
 * phone) in the task that evaluates the page's modules, just before
 * hydration. The output is Intl's en-US (en-IN for rupees), which
 * tests/unit/formats.test.ts checks against `Intl` itself: numbers are
 * rounded half away from zero on their shortest decimal form, as ICU does.
 */
const LOCALE = "en-US";
const INDIA = "Asia/Kolkata";

// ---- Numbers without Intl --------------------------------------------------

/** "1234567" → "1,234,567". */
const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ",");
/** Indian grouping: "12345678" → "1,23,45,678". */
const groupLakhs = (whole: string) =>
  whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${whole.slice(-3)}`;

/** A string of digits plus one: "0999" → "1000". */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * `n` with at least `min` and at most `max` decimals, grouped: what
 * `new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: max })`
 * writes ("en-IN" with `lakhs`). Like ICU it rounds the shortest decimal form
 * of `n` half away from zero (0.15 → "0.2", where `toFixed` says "0.1"), and
 * keeps the sign of a negative number that rounds to zero ("-0").
 */
function formatDecimal(n: number, min: number, max: number, lakhs = false): string {
  if (Number.isNaN(n)) return "NaN";
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  if (!Number.isFinite(n)) return `${sign}∞`;
  const text = String(Math.abs(n));
  if (text.includes("e")) {
    // Below 1e-6 or from 1e21: never a distance or a fee; Intl knows best.
    const options = { minimumFractionDigits: min, maximumFractionDigits: max };
    return n.toLocaleString(lakhs ? "en-IN" : LOCALE, options);
  }
  const [whole = "0", fraction = ""] = text.split(".");
  let kept = whole + fraction.slice(0, max).padEnd(max, "0");
  if (fraction.length > max && fraction.charCodeAt(max) >= 53 /* "5" */) kept = increment(kept);
  const wholeDigits = kept.slice(0, kept.length - max);
  const decimals = kept
    .slice(kept.length - max)
    .replace(/0+$/, "")
    .padEnd(min, "0");
  return `${sign}${(lakhs ? groupLakhs : groupThousands)(wholeDigits)}${decimals ? `.${decimals}` : ""}`;
}

// ---- Numbers, distances, durations --------------------------------------

const fmt = (digits: number) => ({ format: (n: number) => formatDecimal(n, digits, digits) });
const int = fmt(0);
const one = fmt(1);

export const NOT_AVAILABLE = "N/A";

export const formatInt = (n: number) => int.format(n);
export const formatOne = (n: number) => one.format(n);
/** A quantity with its unit, grouped, at most one decimal: (12.04, "kg") → "12 kg"; (1234.56, "L") → "1,234.6 L". */
export const formatQuantity = (n: number, unit: string) => `${formatNumber(n)} ${unit}`;
/** 12.34 → "12.3 km"; 12 → "12 km" (no ".0"); 13232.6 → "13,232.6 km". */
export const formatKm = (km: number) => `${formatNumber(km)} km`;
const metresToKm = (metres: number) => metres / 1000;
export const formatMetresAsKm = (metres: number) => formatKm(metresToKm(metres));
/** Km without a unit, at most one decimal: 12 → "12"; 1234.56 → "1,234.6". */
export function formatKmNumber(km: number): string {
  return formatDecimal(km, 0, 1);
}
export const formatElevation = (metres: number) => `${int.format(metres)} m`;
export const formatMinutes = (minutes: number) => `${int.format(minutes)} min`;

/** 3725 s → "1 h 2 min"; 900 s → "15 min". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${int.format(h)} h` : `${int.format(h)} h ${m} min`;
}

/** A planned duration in minutes: 90 → "1 h 30 min"; 120 → "2 h"; 0 → "—". */
export function formatPlanMinutes(minutes: number): string {
  if (minutes <= 0) return "—";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
}

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

/** Paise → "₹1,234.50". */
/** Rupees keep Indian digit grouping (issue #15): ₹1,23,456.00. Same output as en-US below one lakh. */
export function formatRupees(paise: number): string {
  return `₹${formatDecimal(paise / 100, 2, 2, true)}`;
}

// ---- One way to write numbers (issue #20 item 5) ----------------------------

/**
 * A number with thousands grouping and at most `digits` decimals, no trailing
 * zeros: 1234.56 → "1,234.6"; 12 → "12" (never "12.0"); -0.04 → "0".
 */
export function formatNumber(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return "—";
  const text = formatDecimal(n, 0, digits);
  return text === "-0" ? "0" : text;
}

/** A percentage with at most one decimal: 45.25 → "45.3%"; 100 → "100%". */
export const formatPercent = (percent: number) => `${formatNumber(percent)}%`;

/** A share of a whole as a percentage: (1, 3) → "33.3%"; a zero whole → "0%". */
export const formatShare = (part: number, whole: number) =>
  formatPercent(whole > 0 ? (part / whole) * 100 : 0);

/** Minutes as hours and minutes: 170 → "2 h 50 min"; 45 → "45 min"; 120 → "2 h"; 33,325 → "555 h 25 min". */
export function formatMinutesAsDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "0 min";
  return formatDuration(minutes * 60);
}

/** Hours as hours and minutes: 9614 / 60 → "160 h 14 min"; 0.25 → "15 min". */
export const formatHoursAsDuration = (hours: number) => formatMinutesAsDuration(hours * 60);

/** Words for sport types that splitting the name does not give. */
const SPORT_NAMES: Record<string, string> = {
  EBikeRide: "E-bike ride",
  EMountainBikeRide: "E-mountain bike ride",
  HIIT: "HIIT",
  StandUpPaddling: "Stand-up paddling",
  RockClimbing: "Rock climbing",
  Workout: "Workout",
};

/**
 * A sport type as people say it, sentence case: "MountainBikeRide" →
 * "Mountain bike ride"; "VirtualRide" → "Virtual ride"; "Ride" → "Ride".
 */
export function sportName(sportType: string): string {
  const known = SPORT_NAMES[sportType];
  if (known) return known;
  const words = sportType.replace(/([a-z])([A-Z])/g, "$1 $2").split(" ");
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(" ");
}

/**
 * A count with its noun, pluralised in English: (1, "event registration") →
 * "1 event registration"; (2, …) → "2 event registrations"; (1,234, "activity",
 * "activities") → "1,234 activities".
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count, 0)} ${count === 1 ? singular : pluralForm}`;
}

/** Speed in m/s as km/h: 6.94 → "25 km/h"; null or 0 → "—". */
export function formatSpeed(metresPerSecond: number | null | undefined): string {
  if (!metresPerSecond || !Number.isFinite(metresPerSecond) || metresPerSecond <= 0) return "—";
  return `${formatNumber(metresPerSecond * 3.6)} km/h`;
}

/** Pace per km from distance and time: (10,000 m, 3,000 s) → "5:00 /km"; no distance → "—". */
export function formatPace(metres: number, seconds: number, per: "km" | "100 m" = "km"): string {
  if (!(metres > 0) || !(seconds > 0)) return "—";
  const unit = per === "km" ? 1000 : 100;
  const total = Math.round((seconds / metres) * unit);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")} /${per}`;
}

/** A distance that may not apply (yoga, strength): 0 → "—", else "12.3 km". */
export const formatDistanceOrDash = (metres: number) => (metres > 0 ? formatMetresAsKm(metres) : "—");

/**
 * How long ago `iso` was, from `now`: "just now", "5 min ago", "2 h ago",
 * "1 day ago", "3 days ago"; then the date ("Mar 4, 2025").
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return "";
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${plural(days, "day")} ago`;
  return formatDay(iso);
}

/** Chart axis labels: grouped numbers with the unit, no ".0" ("1,200 km"). */
export const axisLabel = (unit: string) => (value: number) =>
  Number.isFinite(value) ? `${formatNumber(value)}${unit ? ` ${unit}` : ""}` : "";

// ---- Calendar days and periods, in UTC -----------------------------------

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** en-US short months are the first three letters: "Jun", "Sep". */
const month = (date: Date, short: boolean) => {
  const name = MONTHS[date.getUTCMonth()] ?? "";
  return short ? name.slice(0, 3) : name;
};
/** What `toLocaleDateString` writes for an invalid date. */
const INVALID = "Invalid Date";
const valid = (date: Date) => !Number.isNaN(date.getTime());
/** Like `Intl.DateTimeFormat#format`, a formatter of an invalid date throws. */
function checked(date: Date): Date {
  if (!valid(date)) throw new RangeError("Invalid time value");
  return date;
}
/** "Mar 4, 2025" or "March 4, 2025", the date's UTC day. */
const dayOf = (date: Date, short: boolean) =>
  `${month(date, short)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
/** "6:30 AM", the date's UTC time. */
function timeOf(date: Date): string {
  const hours = date.getUTCHours();
  return `${hours % 12 || 12}:${String(date.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** ISO date → "Mar 4, 2025" (its UTC calendar day). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return valid(date) ? dayOf(date, true) : INVALID;
}

/** Strava's local wall-clock time ("2025-03-04T07:12:00Z") as the athlete saw it: "Mar 4, 2025". */
export const formatLocalDate = (startDateLocal: string) => formatDay(startDateLocal);

/** "2025-03" → "March 2025". */
export function formatMonth(yearMonth: string): string {
  const date = new Date(`${yearMonth}-01T00:00:00Z`);
  return valid(date) ? `${month(date, false)} ${date.getUTCFullYear()}` : INVALID;
}

/** A timeline period label: day "Mar 4", week "Mar 3" (its Monday), month "Mar 2025". */
export function formatPeriod(period: string): string {
  const date = new Date(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  if (!valid(date)) return INVALID;
  return period.length === 7
    ? `${month(date, true)} ${date.getUTCFullYear()}`
    : `${month(date, true)} ${date.getUTCDate()}`;
}

/** "June 7, 2025" (UTC; the Wari plan's calendar days). */
export const longDate = (iso: string) => dayOf(checked(new Date(iso)), false);
/** "Jun 7" (UTC). */
export const shortDate = (iso: string) => {
  const date = checked(new Date(iso));
  return `${month(date, true)} ${date.getUTCDate()}`;
};
/** "Jun 7, 2025, 6:30 AM UTC". */
export const dateTime = (iso: string) => {
  const date = checked(new Date(iso));
  return `${dayOf(date, true)}, ${timeOf(date)} UTC`;
};

// ---- Events and feedback, in India time ----------------------------------

/** India time is UTC+5:30 all year (no daylight saving since 1945): the same instant, shifted, read in UTC. */
const inIndia = (iso: string | Date) => new Date(checked(new Date(iso)).getTime() + 330 * 60_000);

/** An event's date as 'MMMM d, yyyy at h:mm a' in India time: "June 7, 2025 at 6:30 AM". */
export function formatEventDate(iso: string | Date): string {
  const date = inIndia(iso);
  return `${dayOf(date, false)} at ${timeOf(date)}`;
}

/** An event's day in India time: "June 7, 2025". */
export const formatEventDay = (iso: string | Date) => dayOf(inIndia(iso), false);

/** A Date as the value of a datetime-local input, in India time ("2025-06-07T06:30"). */
export function toIndiaLocalInput(iso: string | Date): string {
  const shifted = new Date(new Date(iso).getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local value typed in India time → the instant (ISO). */
export function fromIndiaLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(`${value.slice(0, 16)}:00+05:30`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Feedback's date in India time: "Mar 4, 2025". */
export const feedbackDate = (iso: string) =>
  new Date(iso).toLocaleDateString(LOCALE, {
    timeZone: INDIA,
    month: "short",
    day: "numeric",
    year: "numeric",
  });

/** Feedback's date and time in India time: "March 4, 2025 at 6:30 PM IST". */
export const feedbackDateTime = (iso: string) =>
  `${new Date(iso).toLocaleString(LOCALE, { timeZone: INDIA, month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" })} IST`;
