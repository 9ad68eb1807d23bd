/**
 * Fitness, fatigue and form (decision 024) with the event day marked: the
 * curves through the lazily loaded ApexCharts, and the same numbers as text
 * (today and the event day) for screen readers and pages without JavaScript.
 * /wari's loader sends it packed (`packFitness`): the chart's own points as
 * one JSON string instead of two years of daily points, which the browser
 * decoded and hydrated for a chart drawn only when scrolled near (decision 028).
 */
import type { ApexOptions } from "apexcharts";
import { useMemo, type ReactNode } from "react";
import { formatDay, formatOne, longDate } from "~/lib/format";
import { LazyChart } from "~/ui/charts/lazy-chart";
import { cardClass } from "~/ui/card";
import type { FitnessChart as FitnessChartData } from "../training-load.server";

const HEIGHT = 300;
const COLORS = { fitness: "#2563eb", fatigue: "#db2777", form: "#16a34a", load: "#cbd5e1" };

/** What the chart needs of the data, daily points or packed. */
type ChartFrame = Pick<FitnessChartData, "eventName" | "eventDate" | "from" | "to">;

function options(chart: ChartFrame): ApexOptions {
  const eventMs = Date.parse(`${chart.eventDate}T00:00:00Z`);
  const lastMs = Date.parse(`${chart.to}T00:00:00Z`);
  return {
    chart: {
      id: "wari-fitness",
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
    },
    colors: [COLORS.load, COLORS.fitness, COLORS.fatigue, COLORS.form],
    stroke: { width: [0, 2.5, 2, 2], curve: "smooth" },
    dataLabels: { enabled: false },
    markers: { size: 0 },
    legend: { position: "bottom", horizontalAlign: "center" },
    xaxis: {
      type: "datetime",
      min: Date.parse(`${chart.from}T00:00:00Z`),
      max: Math.max(lastMs, eventMs + 7 * 86_400_000),
      labels: { datetimeUTC: true },
    },
    yaxis: [
      {
        seriesName: "Weekly load",
        opposite: true,
        title: { text: "Weekly load" },
        labels: { formatter: (v) => formatOne(v) },
      },
      {
        seriesName: ["Fitness", "Fatigue", "Form"],
        title: { text: "Fitness · fatigue · form" },
        labels: { formatter: (v) => formatOne(v) },
      },
    ],
    // Not shared: the weekly columns and the daily curves do not share their x values.
    tooltip: {
      shared: false,
      intersect: false,
      x: { format: "d MMM yyyy" },
      y: { formatter: (v) => formatOne(v) },
    },
    annotations: {
      xaxis: [
        {
          x: eventMs,
          borderColor: "#ea580c",
          strokeDashArray: 4,
          label: {
            text: `${chart.eventName} · ${longDate(chart.eventDate)}`,
            orientation: "horizontal",
            borderColor: "#ea580c",
            style: { color: "#fff", background: "#c2410c", fontSize: "11px" },
          },
        },
      ],
    },
    grid: { borderColor: "#f1f5f9" },
  };
}

const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
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
  const dataKey = `${chart.from}-${chart.to}-${size}-${chart.today.fitness}-${chart.today.fatigue}`;
  // Built once per data: a revalidation (a ticked workout) hands the chart equal props, so it does not redraw.
  const config = useMemo(
    () => ({
      series: packed
        ? (JSON.parse(packed.series) as ApexOptions["series"])
        : chartSeries(chart as FitnessChartData),
      options: options(chart),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dataKey],
  );
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
          <LazyChart
            type="line"
            series={config.series}
            options={config.options}
            height={HEIGHT}
            label={`Weekly training load, fitness, fatigue and form from ${formatDay(chart.from)} to ${formatDay(chart.to)}, with the event day ${longDate(chart.eventDate)} marked`}
            dataKey={dataKey}
            testId="fitness-curves"
          />
        </div>
      )}
      <p className="mt-2 text-sm text-gray-600" data-testid="fitness-event-day">
        Event day, {longDate(chart.eventDate)}:{" "}
        {eventDay
          ? `fitness ${formatOne(eventDay.fitness)}, fatigue ${formatOne(eventDay.fatigue)}, form ${formatOne(eventDay.form)}.`
          : "marked on the chart."}
      </p>
      {children}
    </section>
  );
}
