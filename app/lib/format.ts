/**
 * Every display format of the app, in one place (spec part 1 §2 and §9,
 * part 2 §9; issue #37): numbers grouped en-US style, metres / 1000 for km,
 * seconds / 3600 for hours, rupees with Indian grouping and paise only when
 * there are some, dates as "28 Nov 2026" and times as "6:30 am IST" in the
 * viewer's time zone (decision 035). Nothing outside this file calls
 * toLocaleString / toLocale*String or `Intl` (eslint.config.js), so the
 * server's HTML and the browser's hydration always agree.
 *
 * Numbers and dates are written here in plain JavaScript, not with `Intl`
 * (issue #17, decision 028): a page's first `Intl` formatter loads ICU's
 * locale data (≈ 24 ms of CPU in Node on our 2-core machine, more on a
 * phone) in the task that evaluates the page's modules, just before
 * hydration. Numbers come out as Intl's en-US (en-IN for rupees), which
 * tests/unit/formats.test.ts checks against `Intl` itself: rounded half away
 * from zero on their shortest decimal form, as ICU does. Only a time zone
 * other than India's or UTC asks `Intl` for its offset.
 */
const LOCALE = "en-US";

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

/**
 * Paise → rupees with Indian digit grouping (issue #15), paise only when there are
 * some (issue #37): 150000 → "₹1,500"; 150050 → "₹1,500.50"; 12345600 → "₹1,23,456".
 */
export function formatRupees(paise: number): string {
  const whole = Number.isInteger(paise / 100);
  return `₹${formatDecimal(paise / 100, whole ? 0 : 2, 2, true)}`;
}

/** A fee: "Free" for nothing, else rupees ("₹1,500"). The one way every page names a price. */
export const formatFee = (paise: number) => (paise === 0 ? "Free" : formatRupees(paise));

// ---- One way to write numbers (issue #20 item 5) ----------------------------

/** A stopwatch time: 133 s → "2:13"; 3725 s → "1:02:05". */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

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

/**
 * A challenge goal's amount in its unit (issue #39 item 1): distance metres →
 * "12.3 km"; elevation → "1,240 m climbed"; time seconds → "5 h 20 min";
 * days → "12 days"; count → "8 activities".
 */
export function formatGoalAmount(goalType: string, value: number): string {
  switch (goalType) {
    case "elevation":
      return `${formatElevation(value)} climbed`;
    case "time":
      return formatDuration(value);
    case "days":
      return plural(value, "day");
    case "count":
      return plural(value, "activity", "activities");
    default:
      return formatMetresAsKm(value);
  }
}

/** A challenge goal's target: "300 km", "5,000 m climbed", "20 h", "20 days", "30 activities"; none → "No target". */
export const formatGoalTarget = (goalType: string, target: number | null | undefined) =>
  target === null || target === undefined || !(target > 0) ? "No target" : formatGoalAmount(goalType, target);

/** Progress towards a goal: days read "12 of 20 days"; the others their amount ("1,240 m climbed"). */
export function formatGoalProgress(goalType: string, progress: number, target: number | null | undefined) {
  if (goalType === "days" && target) return `${formatNumber(progress, 0)} of ${plural(target, "day")}`;
  return formatGoalAmount(goalType, progress);
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
 * "1 day ago", "3 days ago"; then the date in `zone` ("4 Mar 2025").
 */
export function formatTimeAgo(iso: string, now: number = Date.now(), zone: string = CLUB_TIME_ZONE): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return "";
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${plural(days, "day")} ago`;
  return formatDate(iso, zone);
}

/** Chart axis labels: grouped numbers with the unit, no ".0" ("1,200 km"). */
export const axisLabel = (unit: string) => (value: number) =>
  Number.isFinite(value) ? `${formatNumber(value)}${unit ? ` ${unit}` : ""}` : "";

// ---- Dates: one style (issue #37) ------------------------------------------
//
// Day month year, short month: "28 Nov 2026" (never "11/28/2026"); 12-hour times with
// a small am/pm and the zone named: "6:30 am IST". Two kinds of dates:
// - calendar days, read in UTC: Strava's local wall-clock times, plan days, periods;
// - instants (a sync, a registration, a feedback), read in the viewer's time zone:
//   the one the root loader decided for the request (app/lib/time-zone.tsx), so the
//   server's HTML and the browser's hydration write the same text.
// Where the spec gives a format it is kept: event dates ('MMMM d, yyyy at h:mm a',
// formatEventDate) and the Wari page's 'June 7, 2025' (longDate).

/** The club's clock, everyone's default: India time. */
export const CLUB_TIME_ZONE = "Asia/Kolkata";
/** India time's distance from UTC: +05:30 all year (India has no daylight saving). */
export const CLUB_UTC_OFFSET_MINUTES = 330;

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
/** Short months are the first three letters: "Jun", "Sep". */
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
/** "4 Mar 2025", the date's UTC day. */
const dayOf = (date: Date) => `${date.getUTCDate()} ${month(date, true)} ${date.getUTCFullYear()}`;
/** "March 4, 2025" (the spec's long en-US form), the date's UTC day. */
const longDayOf = (date: Date) => `${month(date, false)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
/** "6:30", the date's UTC clock. */
const clockOf = (date: Date) =>
  `${date.getUTCHours() % 12 || 12}:${String(date.getUTCMinutes()).padStart(2, "0")}`;

// ---- Time zones ----------------------------------------------------------

/**
 * Zones with one offset all year, written without `Intl` (decision 028: a page's first
 * `Intl` formatter costs ICU's locale data). India has had no daylight saving since 1945.
 */
const FIXED_ZONES: Record<string, { minutes: number; name: string }> = {
  "Asia/Kolkata": { minutes: 330, name: "IST" },
  "Asia/Calcutta": { minutes: 330, name: "IST" },
  UTC: { minutes: 0, name: "UTC" },
  "Etc/UTC": { minutes: 0, name: "UTC" },
};

/** One `Intl` formatter per other zone (a member abroad), made on first use. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      timeZoneName: "short",
    });
    zoneFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The offset from UTC (minutes) and the short name of `zone` at `date`. */
function zoneAt(date: Date, zone: string): { minutes: number; name: string } {
  const fixed = FIXED_ZONES[zone];
  if (fixed) return fixed;
  const parts: Record<string, string> = {};
  for (const part of zoneFormatter(zone).formatToParts(date)) parts[part.type] = part.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  const minutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  return { minutes, name: parts.timeZoneName ?? zone };
}

/** Whether `zone` is an IANA time zone this runtime knows ("Asia/Kolkata", "Europe/London"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  if (FIXED_ZONES[zone]) return true;
  try {
    zoneFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones a member may choose in profile settings: this runtime's IANA list, India
 * first (its older alias Asia/Calcutta left out). Made on the server and sent with the
 * page, so the browser renders the same options whatever its own ICU knows.
 */
export function timeZoneChoices(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    // An old runtime without the list: India and UTC still.
  }
  const rest = zones.filter((z) => z !== CLUB_TIME_ZONE && z !== "Asia/Calcutta" && z !== "UTC");
  return [CLUB_TIME_ZONE, "UTC", ...rest];
}

/** The instant `iso` shifted so that its UTC fields read `zone`'s wall clock, plus the zone's name. */
function inZone(iso: string | Date, zone: string): { wall: Date; name: string } {
  const date = checked(new Date(iso));
  const { minutes, name } = zoneAt(date, zone);
  return { wall: new Date(date.getTime() + minutes * 60_000), name };
}

// ---- Instants, in the viewer's time zone -----------------------------------

/** An instant's day in `zone`: "28 Nov 2026". */
export const formatDate = (iso: string | Date, zone: string) => dayOf(inZone(iso, zone).wall);

/** An instant's time in `zone`, 12-hour, zone named: "6:30 am IST". */
export function formatTime(iso: string | Date, zone: string): string {
  const { wall, name } = inZone(iso, zone);
  return `${clockOf(wall)} ${wall.getUTCHours() < 12 ? "am" : "pm"} ${name}`;
}

/** An instant's day and time in `zone`: "28 Nov 2026, 6:30 am IST". */
export const formatDateTime = (iso: string | Date, zone: string) =>
  `${formatDate(iso, zone)}, ${formatTime(iso, zone)}`;

/**
 * A period from `start` to `end` (instants), inclusive, in `zone`: an end at midnight
 * closes the day before ("1 Nov 00:00 to 1 Dec 00:00" is "1–30 Nov 2026"). One month:
 * "1–30 Nov 2026"; one year: "28 Nov – 5 Dec 2026"; else "28 Dec 2026 – 3 Jan 2027".
 */
export function formatDateRange(start: string | Date, end: string | Date, zone: string): string {
  const from = inZone(start, zone).wall;
  let to = inZone(end, zone).wall;
  const midnight = to.getUTCHours() === 0 && to.getUTCMinutes() === 0 && to.getUTCSeconds() === 0;
  if (midnight && to.getTime() > from.getTime()) to = new Date(to.getTime() - 1000);
  const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
  if (sameYear && from.getUTCMonth() === to.getUTCMonth())
    return from.getUTCDate() === to.getUTCDate()
      ? dayOf(from)
      : `${from.getUTCDate()}–${to.getUTCDate()} ${month(to, true)} ${to.getUTCFullYear()}`;
  if (sameYear) return `${from.getUTCDate()} ${month(from, true)} – ${dayOf(to)}`;
  return `${dayOf(from)} – ${dayOf(to)}`;
}

// ---- Calendar days and periods, in UTC -----------------------------------

/** ISO date → "4 Mar 2025" (its UTC calendar day). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return valid(date) ? dayOf(date) : INVALID;
}

/** Strava's local wall-clock time ("2025-03-04T07:12:00Z") as the athlete saw it: "4 Mar 2025". */
export const formatLocalDate = (startDateLocal: string) => formatDay(startDateLocal);

/** "2025-03" → "March 2025". */
export function formatMonth(yearMonth: string): string {
  const date = new Date(`${yearMonth}-01T00:00:00Z`);
  return valid(date) ? `${month(date, false)} ${date.getUTCFullYear()}` : INVALID;
}

/** A timeline period label: day "4 Mar", week "3 Mar" (its Monday), month "Mar 2025". */
export function formatPeriod(period: string): string {
  const date = new Date(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  if (!valid(date)) return INVALID;
  return period.length === 7
    ? `${month(date, true)} ${date.getUTCFullYear()}`
    : `${date.getUTCDate()} ${month(date, true)}`;
}

/** "June 7, 2025" (UTC): the Wari page's days, written like its spec-given Event Date. */
export const longDate = (iso: string) => longDayOf(checked(new Date(iso)));
/** "7 Jun" (UTC). */
export const shortDate = (iso: string) => {
  const date = checked(new Date(iso));
  return `${date.getUTCDate()} ${month(date, true)}`;
};

// ---- Events, in the viewer's time zone -------------------------------------

/**
 * An event's date in the spec's 'MMMM d, yyyy at h:mm a', zone named:
 * "June 7, 2025 at 6:30 AM IST".
 */
export function formatEventDate(iso: string | Date, zone: string): string {
  const { wall, name } = inZone(iso, zone);
  return `${longDayOf(wall)} at ${clockOf(wall)} ${wall.getUTCHours() < 12 ? "AM" : "PM"} ${name}`;
}

/** A datetime-local value (what the admin's event and challenge forms show), in India time ("2025-06-07T06:30"). */
export const toIndiaLocalInput = (iso: string | Date): string => toLocalInput(iso, CLUB_TIME_ZONE);

/** A datetime-local value typed in India time → the instant (ISO). */
export const fromIndiaLocalInput = (value: string): string | null =>
  fromLocalInput(value, CLUB_TIME_ZONE)?.toISOString() ?? null;

/** A datetime-local value of the instant `iso` in `zone` ("2025-06-07T06:30"): a member's manual entry. */
export const toLocalInput = (iso: string | Date, zone: string) =>
  inZone(iso, zone).wall.toISOString().slice(0, 16);

/**
 * A datetime-local value typed in `zone` → the instant, or null. A wall time that a
 * daylight-saving change skips or repeats is read with the zone's offset just before it.
 */
export function fromLocalInput(value: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const wall = new Date(`${value.slice(0, 16)}:00Z`);
  if (!valid(wall)) return null;
  const before = zoneAt(new Date(wall.getTime() - 86_400_000), zone).minutes;
  const guess = new Date(wall.getTime() - before * 60_000);
  const after = zoneAt(guess, zone).minutes;
  if (after === before) return guess;
  const shifted = new Date(wall.getTime() - after * 60_000);
  return zoneAt(shifted, zone).minutes === after ? shifted : guess;
}

/** `zone`'s offset from UTC at the instant, in minutes (India: 330; London in July: 60). */
export const zoneOffsetMinutes = (at: Date, zone: string) => zoneAt(checked(at), zone).minutes;

/** The browser's own IANA zone, or null (called after hydration only, app/lib/time-zone.tsx). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}
