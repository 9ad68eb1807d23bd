/**
 * The habits every ApexCharts chart of the app shares (issue #37 item 6,
 * decision 040), so a chart reads on a 375 px phone: no toolbar, zoom or
 * animation; whole numbers on the value axes ("2,000", never "2,000.0");
 * date ticks written by app/lib/format.ts and short enough to fit ("4 Mar",
 * "Mar 2025"), never rotated; one small legend that stays on one line; the
 * plot as wide as the box allows. A chart passes its own options, which win
 * over these habits key by key (`chartOptions`).
 *
 * Options only: nothing here imports ApexCharts itself (types only), so the
 * helper costs a page's first load a few hundred bytes and the library stays
 * in its lazily loaded chunk (LazyChart).
 */
import type { ApexOptions } from "apexcharts";
import { formatDay, formatNumber, formatPeriod } from "~/lib/format";

const DAY_MS = 86_400_000;

/** A chart's span up to which date ticks name days ("4 Mar"); longer spans name months ("Mar 2025"). */
export const DAY_TICKS_UP_TO_DAYS = 120;

/** A value axis label: the whole number, grouped, with its unit ("2,000 km"; 2.4 → "2"). */
export const wholeLabel =
  (unit = "") =>
  (value: number | string): string => {
    const n = Number(value);
    if (!Number.isFinite(n)) return "";
    return `${formatNumber(Math.round(n), 0)}${unit ? ` ${unit}` : ""}`;
  };

/**
 * A value axis of whole-number steps from zero that holds `max` (counts,
 * km): steps of 1, 2 or 5 times a power of ten, at most `ticks` of them, so
 * no two ticks round to the same label ("0, 1, 1, 2" on a nice scale of halves).
 */
export function wholeTicks(
  max: number,
  ticks = 5,
): { min: number; max: number; tickAmount: number; forceNiceScale: false } {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const fit = [1, 2, 5].map((m) => m * power).find((s) => Math.ceil(top / s) <= ticks);
    if (fit) {
      step = fit;
      break;
    }
  }
  const steps = Math.max(1, Math.ceil(top / step));
  return { min: 0, max: steps * step, tickAmount: steps, forceNiceScale: false };
}

/**
 * A date tick for an instant (ms, a UTC calendar day): "4 Mar" on a chart
 * spanning up to DAY_TICKS_UP_TO_DAYS days, else "Mar 2025".
 */
export function dateTick(ms: number, spanDays: number): string {
  if (!Number.isFinite(ms)) return "";
  const iso = new Date(ms).toISOString();
  return spanDays <= DAY_TICKS_UP_TO_DAYS ? formatPeriod(iso.slice(0, 10)) : formatPeriod(iso.slice(0, 7));
}

/**
 * Date ticks on a phone: fortnightly over six weeks, else four intervals. With
 * a label formatter ApexCharts spaces a datetime axis's ticks evenly from its
 * start (its own month-start ticks come only with its own date formats), so the
 * count is ours; a wide screen (from 640 px) gets twice as many.
 */
/** From this width a screen is wide: twice the date ticks. */
export const WIDE_SCREEN_PX = 640;
export const dateTickAmount = (spanDays: number, wide = false) => {
  const ticks = (spanDays <= 49 ? 3 : 4) * (wide ? 2 : 1);
  // Month labels: ticks at least a month apart, so no two say the same month.
  return spanDays > DAY_TICKS_UP_TO_DAYS ? Math.max(1, Math.min(ticks, Math.floor(spanDays / 31))) : ticks;
};

/** A tooltip's date: the whole day ("4 Mar 2025"). */
export const dateTooltip = (ms: number) => (Number.isFinite(ms) ? formatDay(new Date(ms).toISOString()) : "");

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** `base` with `own` laid over it: objects merge key by key, anything else (arrays, functions) from `own` wins. */
export function mergeOptions<T extends Plain>(base: T, own: Plain): T {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(own)) {
    if (value === undefined) continue;
    out[key] = isPlain(value) && isPlain(out[key]) ? mergeOptions(out[key] as Plain, value) : value;
  }
  return out as T;
}

const HABITS: ApexOptions = {
  chart: {
    toolbar: { show: false },
    zoom: { enabled: false },
    animations: { enabled: false },
    fontFamily: "inherit",
    parentHeightOffset: 0,
  },
  dataLabels: { enabled: false },
  // One line under the plot: small markers and type, close together (four series fit 375 px), not
  // stacked per y axis (ApexCharts 4 clusters a chart's legend by axis, in columns, by default).
  legend: {
    clusterGroupedSeries: false,
    position: "bottom",
    horizontalAlign: "center",
    fontSize: "12px",
    itemMargin: { horizontal: 6, vertical: 0 },
    markers: { size: 5, offsetX: -2 },
    offsetY: 0,
  },
  grid: { borderColor: "#e5e7eb", strokeDashArray: 3, padding: { left: 4, right: 8 } },
  xaxis: {
    labels: { rotate: 0, hideOverlappingLabels: true, trim: false, style: { fontSize: "11px" } },
    axisTicks: { show: false },
  },
};

const Y_HABITS: ApexYAxis = {
  forceNiceScale: true,
  decimalsInFloat: 0,
  labels: { formatter: wholeLabel(), style: { fontSize: "11px" }, minWidth: 0 },
  title: { style: { fontSize: "11px", fontWeight: 500 } },
};

/** The span in days of a datetime axis: its min and max, else the caller's. */
function spanOf(xaxis: ApexXAxis | undefined, spanDays: number | undefined): number {
  if (spanDays !== undefined) return spanDays;
  if (typeof xaxis?.min === "number" && typeof xaxis?.max === "number")
    return (xaxis.max - xaxis.min) / DAY_MS;
  return DAY_TICKS_UP_TO_DAYS + 1;
}

/** The y values of a chart's series (numbers, [x, y] pairs or {x, y} points). */
export function seriesValues(series: ApexOptions["series"] | undefined): number[] {
  const out: number[] = [];
  for (const s of series ?? []) {
    const data = typeof s === "number" ? [s] : ((s as { data?: unknown[] }).data ?? []);
    for (const point of data) {
      const y = Array.isArray(point) ? point[1] : isPlain(point) ? point.y : point;
      if (typeof y === "number" && Number.isFinite(y)) out.push(y);
    }
  }
  return out;
}

/**
 * A chart's options with the shared habits under them. `spanDays` (the days a
 * datetime x axis covers) picks day or month ticks when the axis has no min and
 * max. Given the `series`, one value axis of small counts (all 0 to 10) gets
 * whole steps (`wholeTicks`) unless the chart sets its own scale. `wide`: the
 * screen is 640 px or wider (ApexCharts' own `responsive` option threw on such
 * screens in 4.7: its clone of the first config meets an object without
 * `hasOwnProperty`).
 */
export function chartOptions(
  own: ApexOptions,
  {
    spanDays,
    series,
    wide = false,
  }: { spanDays?: number; series?: ApexOptions["series"]; wide?: boolean } = {},
): ApexOptions {
  const merged = mergeOptions(HABITS as Plain, own as Plain) as ApexOptions;
  const ys = Array.isArray(own.yaxis) ? own.yaxis : [own.yaxis ?? {}];
  const values = seriesValues(series);
  const small =
    ys.length === 1 &&
    !own.plotOptions?.bar?.horizontal &&
    values.length > 0 &&
    Math.min(...values) >= 0 &&
    Math.max(...values) <= 10 &&
    ys[0]!.max === undefined &&
    ys[0]!.tickAmount === undefined;
  // Horizontal bars name their categories on the y axis: no number formatter there.
  const horizontal = Boolean(own.plotOptions?.bar?.horizontal);
  const { formatter: _number, ...categoryLabels } = Y_HABITS.labels ?? {};
  const yBase = (horizontal ? { ...Y_HABITS, labels: categoryLabels } : Y_HABITS) as Plain;
  const yHabits = small ? mergeOptions(yBase, wholeTicks(Math.max(...values))) : yBase;
  const yaxis = ys.map((y) => mergeOptions(yHabits as Plain, y as Plain) as ApexYAxis);
  merged.yaxis = Array.isArray(own.yaxis) ? yaxis : yaxis[0];
  if (own.xaxis?.type === "datetime") {
    const span = spanOf(own.xaxis, spanDays);
    merged.xaxis = mergeOptions(
      {
        tickAmount: dateTickAmount(span, wide),
        labels: {
          datetimeUTC: true,
          formatter: (_value: string, timestamp?: number) => dateTick(Number(timestamp), span),
        },
      },
      merged.xaxis as Plain,
    );
    merged.tooltip = mergeOptions({ x: { formatter: dateTooltip } }, (merged.tooltip ?? {}) as Plain);
  }
  return merged;
}
