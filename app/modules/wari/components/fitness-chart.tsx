/**
 * Fitness, fatigue and form (decision 024) with the event day marked: the
 * curves through the lazily loaded ApexCharts, and the same numbers as text
 * (today and the event day) for screen readers and pages without JavaScript.
 * /wari's loader sends it packed (`packFitness`): the chart's own points as
 * one JSON string instead of two years of daily points, which the browser
 * decoded and hydrated for a chart drawn only when scrolled near (decision 028).
 */
import type { ApexOptions } from "apexcharts";
import { useMemo, useState, type ReactNode } from "react";
import { formatDay, formatOne, longDate } from "~/lib/format";
import { LazyChart } from "~/ui/charts/lazy-chart";
import { CHART_RANGES, DEFAULT_CHART_RANGE, inWindow, rangeWindow, type ChartRange } from "~/ui/charts/range";
import { Segmented } from "~/ui/charts/segmented";
import { cardClass } from "~/ui/card";
import type { FitnessChart as FitnessChartData } from "../training-load.server";

const HEIGHT = 300;
const COLORS = { fitness: "#2563eb", fatigue: "#db2777", form: "#16a34a", load: "#cbd5e1" };

const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** What the chart needs of the data, daily points or packed. */
type ChartFrame = Pick<FitnessChartData, "eventName" | "eventDate" | "from" | "to">;

/**
 * The chart's options for a span of days (`rangeWindow`): the weekly load as pale columns on a hidden axis of
 * its own (its values are in the tooltip), the curves on one whole-number axis, so the plot keeps the
 * width of a phone; the event day a dashed line whose label reads away from the nearer edge, so it
 * never prints over an axis (issue #37 item 6).
 */
export function fitnessOptions(chart: ChartFrame, span: { min: number; max: number }): ApexOptions {
  const eventMs = at(chart.eventDate);
  const showEvent = eventMs >= span.min && eventMs <= span.max;
  const leftHalf = eventMs - span.min < (span.max - span.min) / 2;
  return {
    chart: { id: "wari-fitness" },
    colors: [COLORS.load, COLORS.fitness, COLORS.fatigue, COLORS.form],
    stroke: { width: [0, 2.5, 2, 2], curve: "smooth" },
    markers: { size: 0 },
    xaxis: { type: "datetime", min: span.min, max: span.max },
    yaxis: [{ seriesName: "Weekly load", show: false }, { seriesName: ["Fitness", "Fatigue", "Form"] }],
    // Not shared: the weekly columns and the daily curves do not share their x values.
    tooltip: { shared: false, intersect: false, y: { formatter: (v: number) => formatOne(v) } },
    annotations: {
      xaxis: showEvent
        ? [
            {
              x: eventMs,
              borderColor: "#ea580c",
              strokeDashArray: 4,
              label: {
                text: `${chart.eventName} · ${longDate(chart.eventDate)}`,
                orientation: "horizontal",
                textAnchor: leftHalf ? "start" : "end",
                offsetX: leftHalf ? 4 : -4,
                borderColor: "#ea580c",
                style: { color: "#fff", background: "#c2410c", fontSize: "11px" },
              },
            },
          ]
        : [],
    },
  };
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The load as one column per week (Monday to Sunday, drawn at its Monday): ApexCharts 4.7 draws a
 * column chart in time that grows with the square of its columns (each column walks every column
 * before it), so two years of daily columns blocked a phone for seconds (decision 028).
 */
export function weeklyLoad(points: FitnessChartData["points"]): [number, number][] {
  const weeks = new Map<number, number>();
  for (const p of points) {
    const ms = at(p.date);
    const monday = ms - (((new Date(ms).getUTCDay() + 6) % 7) * WEEK_MS) / 7;
    weeks.set(monday, Math.round(((weeks.get(monday) ?? 0) + p.load) * 10) / 10);
  }
  return [...weeks];
}

/** Days the curves keep every point: the last 16 weeks (a plan's length). */
export const DAILY_CURVE_DAYS = 16 * 7;

/**
 * The points the curves draw: every day of the last DAILY_CURVE_DAYS, one a week (its Monday,
 * and the first day) before them. Two years of daily curves were 3 × 650 points, most of
 * ApexCharts' one long task on /wari (decision 028); the weekly columns already sum those weeks.
 */
export function curvePoints(points: FitnessChartData["points"]): FitnessChartData["points"] {
  const dailyFrom = points.length - DAILY_CURVE_DAYS;
  return points.filter((p, i) => i === 0 || i >= dailyFrom || new Date(at(p.date)).getUTCDay() === 1);
}

function chartSeries(chart: FitnessChartData): ApexOptions["series"] {
  const curves = curvePoints(chart.points);
  return [
    { name: "Weekly load", type: "column", data: weeklyLoad(chart.points) },
    { name: "Fitness", type: "line", data: curves.map((p) => [at(p.date), p.fitness]) },
    { name: "Fatigue", type: "line", data: curves.map((p) => [at(p.date), p.fatigue]) },
    { name: "Form", type: "line", data: curves.map((p) => [at(p.date), p.form]) },
  ];
}

/** The chart's data as a page sends it: the text's numbers, and the chart's series as one JSON string. */
export interface PackedFitness extends Omit<FitnessChartData, "points"> {
  /** The event day's values, when the chart's range holds that day. */
  eventDay: FitnessChartData["today"] | null;
  /** No load on any day: the card says so instead of drawing. */
  empty: boolean;
  /** `chartSeries` as JSON: one string in the page's data, parsed when the card renders. */
  series: string;
}

/** Fitness data for a page's loader: ~14 KB of chart points instead of ~80 KB of daily points in /wari's HTML. */
export function packFitness({ points, ...chart }: FitnessChartData): PackedFitness {
  return {
    ...chart,
    eventDay: points.find((p) => p.date === chart.eventDate) ?? null,
    empty: points.every((p) => p.load === 0),
    series: JSON.stringify(chartSeries({ ...chart, points })),
  };
}

/** `children` close the card (the dashboard adds its link to /wari there). */
export function FitnessChart({
  chart,
  children,
}: {
  chart: FitnessChartData | PackedFitness;
  children?: ReactNode;
}) {
  const packed = "series" in chart ? chart : null;
  const points = packed ? [] : (chart as FitnessChartData).points;
  const size = packed ? packed.series.length : points.length;
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const span = rangeWindow(range, { from: chart.from, to: chart.to, marker: chart.eventDate });
  const dataKey = `${chart.from}-${chart.to}-${size}-${chart.today.fitness}-${chart.today.fatigue}`;
  // The series are parsed once per data: a revalidation (a ticked workout) hands the chart equal props.
  const series = useMemo(
    () =>
      packed ? (JSON.parse(packed.series) as ApexOptions["series"]) : chartSeries(chart as FitnessChartData),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dataKey],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const options = useMemo(() => fitnessOptions(chart, span), [dataKey, range]);
  const eventDay = packed ? packed.eventDay : points.find((p) => p.date === chart.eventDate);
  const empty = packed ? packed.empty : points.every((p) => p.load === 0);
  return (
    <section
      aria-labelledby="fitness-heading"
      className={cardClass({ padding: "sm" })}
      data-testid="fitness-chart"
    >
      <h2 id="fitness-heading" className="text-lg font-semibold text-gray-900">
        Fitness, fatigue and form
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Each activity scores a training load from its duration and intensity (speed and climbing). Fitness is
        your load averaged over {chart.model.fitnessDays} days, fatigue over {chart.model.fatigueDays} days;
        form is fitness minus fatigue: rested when positive, tired when low.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-3" data-testid="fitness-today">
        {(
          [
            ["Fitness", chart.today.fitness],
            ["Fatigue", chart.today.fatigue],
            ["Form", chart.today.form],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-gray-50 p-3">
            <dt className="text-xs text-gray-600">{label} today</dt>
            <dd className="mt-1 text-lg font-bold text-gray-900">{formatOne(value)}</dd>
          </div>
        ))}
      </dl>
      {empty ? (
        <p className="mt-3 rounded-lg bg-gray-50 py-6 text-center text-gray-600">
          No activities yet: your curves start with your first synced or uploaded activity.
        </p>
      ) : (
        <div className="mt-3">
          <div className="mb-2">
            <Segmented
              label="Chart range"
              options={CHART_RANGES}
              value={range}
              onChange={setRange}
              testId="fitness-range"
            />
          </div>
          <LazyChart
            type="line"
            series={series}
            options={options}
            height={HEIGHT}
            label={`Weekly training load, fitness, fatigue and form from ${formatDay(new Date(span.min).toISOString())} to ${formatDay(new Date(span.max).toISOString())}${inWindow(chart.eventDate, span) ? `, with the event day ${longDate(chart.eventDate)} marked` : ""}`}
            dataKey={`${dataKey}-${range}`}
            testId="fitness-curves"
          />
        </div>
      )}
      <p className="mt-2 text-sm text-gray-600" data-testid="fitness-event-day">
        Event day, {longDate(chart.eventDate)}:{" "}
        {eventDay
          ? `fitness ${formatOne(eventDay.fitness)}, fatigue ${formatOne(eventDay.fatigue)}, form ${formatOne(eventDay.form)}.`
          : inWindow(chart.eventDate, span)
            ? "marked on the chart."
            : "outside the chosen range."}
      </p>
      {children}
    </section>
  );
}
