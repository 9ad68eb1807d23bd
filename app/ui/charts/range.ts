/**
 * The date ranges a chart over time offers (issue #37 item 6): the last six
 * weeks, three months (the default), a year, or everything the data holds.
 * `rangeWindow` turns a choice into the x axis's min and max.
 */
export const CHART_RANGES = [
  { value: "6w", label: "6 weeks" },
  { value: "3m", label: "3 months" },
  { value: "1y", label: "1 year" },
  { value: "all", label: "All" },
] as const;
export type ChartRange = (typeof CHART_RANGES)[number]["value"];
export const DEFAULT_CHART_RANGE: ChartRange = "3m";

const DAY_MS = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The first day of a range ending on `to` ("YYYY-MM-DD", UTC days): 6 weeks or whole calendar months back. */
function rangeStart(range: Exclude<ChartRange, "all">, to: number): number {
  if (range === "6w") return to - 42 * DAY_MS;
  const d = new Date(to);
  d.setUTCMonth(d.getUTCMonth() - (range === "3m" ? 3 : 12));
  return d.getTime();
}

/**
 * The x axis window (ms) of `range` over data from `from` to `to` (days,
 * `to` being today): it ends today and starts the range's length before,
 * never before the data. A `marker` day (an event) after today is brought
 * into view, with a few days after it, when it falls within the range's
 * length from today; "all" shows the whole data and a marker up to a week after it.
 */
export function rangeWindow(
  range: ChartRange,
  frame: { from: string; to: string; marker?: string },
): { min: number; max: number } {
  const first = at(frame.from);
  const today = at(frame.to);
  const marker = frame.marker ? at(frame.marker) : Number.NaN;
  if (range === "all") {
    return { min: first, max: Math.max(today, Number.isFinite(marker) ? marker + 7 * DAY_MS : today) };
  }
  const start = rangeStart(range, today);
  const ahead = marker > today && marker - today <= today - start ? marker + 3 * DAY_MS : today;
  return { min: Math.max(first, start), max: ahead };
}

/** Whether a day lies inside a window (a marker outside it is not drawn). */
export const inWindow = (day: string, window: { min: number; max: number }) =>
  at(day) >= window.min && at(day) <= window.max;
