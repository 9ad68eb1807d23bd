import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "~/ui/tabs";
import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { settle } from "~/ui/navigation";
import type { ApexOptions } from "apexcharts";
import { useState, type ReactNode } from "react";
import { LazyChart } from "~/ui/charts/lazy-chart";
import {
  axisLabel,
  formatElevation,
  formatHoursAsDuration,
  formatInt,
  formatKm,
  formatMinutesAsDuration,
  formatMonth,
  formatPeriod,
} from "~/lib/format";
import { TIMELINE_RANGES, TIMELINE_SPORTS, type TimelineRange } from "../constants";
import type { Timeline } from "../timeline.server";
import { ActivityRow } from "./activity-row";
import { cardClass } from "~/ui/card";
import { BRAND } from "~/ui/brand";
import type { DashboardSport } from "~/modules/sports/sports";
import { SPORT_COLOURS } from "../sport-style";

export const CHART_TYPES = [
  { value: "summary", label: "Summary" },
  { value: "distance", label: "Distance" },
  { value: "time", label: "Time" },
  { value: "elevation", label: "Elevation" },
] as const;
export type ChartType = (typeof CHART_TYPES)[number]["value"];

const RANGE_LABELS: Record<TimelineRange, string> = {
  "1m": "1M",
  "3m": "3M",
  "6m": "6M",
  "1y": "1Y",
  all: "All",
};
const CHART_HEIGHT = 260;

/** The current address with some query values changed (null removes one). */
function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The first instant of a period ("2025-03-04" or "2025-03"), for a datetime axis. */
function periodTime(period: string): number {
  return Date.parse(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
}

function chartConfig(
  timeline: Timeline,
  chart: ChartType,
): {
  type: "bar" | "area";
  series: ApexOptions["series"];
  options: ApexOptions;
  label: string;
  spanDays: number | undefined;
} {
  const metric = {
    summary: { name: "Activities", value: (p: Timeline["series"][number]) => p.count, unit: "" },
    distance: {
      name: "Distance (km)",
      value: (p: Timeline["series"][number]) => p.distanceKm,
      unit: " km",
    },
    // Hours on the axis ("12 h"), hours and minutes in the tooltip.
    time: {
      name: "Time (h)",
      value: (p: Timeline["series"][number]) => Math.round((p.movingTimeMinutes / 60) * 10) / 10,
      unit: " h",
    },
    elevation: {
      name: "Elevation (m)",
      value: (p: Timeline["series"][number]) => p.elevation,
      unit: " m",
    },
  }[chart];
  const first = timeline.series[0]?.period;
  const last = timeline.series.at(-1)?.period;
  const periodName = timeline.bucket === "week" ? "week" : timeline.bucket === "day" ? "day" : "month";
  return {
    type: chart === "distance" ? "area" : "bar",
    series: [
      {
        name: metric.name,
        data: timeline.series.map((p) => ({ x: periodTime(p.period), y: metric.value(p) })),
      },
    ],
    label: `${metric.name} per ${periodName}${first && last ? `, ${formatPeriod(first)} to ${formatPeriod(last)}` : ""}`,
    // The shared habits (whole-number axes, date ticks, legend) are added by LazyChart.
    options: {
      // The sport's own colour (the same on the tabs, the list and the admin charts).
      colors: [
        timeline.sportType in SPORT_COLOURS
          ? SPORT_COLOURS[timeline.sportType as DashboardSport]
          : BRAND.DEFAULT,
      ],
      stroke: { width: chart === "distance" ? 2 : 0, curve: "smooth" },
      fill:
        chart === "distance"
          ? { type: "gradient", gradient: { opacityFrom: 0.4, opacityTo: 0.05 } }
          : { opacity: 0.9 },
      plotOptions: { bar: { borderRadius: 2, columnWidth: "70%" } },
      xaxis: { type: "datetime" },
      // From zero (a y axis starting at 200 exaggerated the dips); the unit is in the axis title.
      yaxis: {
        min: 0,
        title: { text: chart === "summary" ? `Activities per ${periodName}` : metric.name },
      },
      tooltip: {
        x: {
          formatter: (v: number) =>
            (timeline.bucket === "week" ? "Week of " : "") +
            formatPeriod(new Date(v).toISOString().slice(0, timeline.bucket === "month" ? 7 : 10)),
        },
        y: {
          formatter: (v: number) =>
            chart === "time" ? formatHoursAsDuration(v) : axisLabel(metric.unit.trim())(v),
        },
      },
    },
    spanDays: first && last ? (periodTime(last) - periodTime(first)) / 86_400_000 : undefined,
  };
}

function Totals({ totals }: { totals: Timeline["totals"] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4" data-testid="timeline-totals">
      {[
        ["Activities", formatInt(totals.count)],
        ["Distance", formatKm(totals.distanceKm)],
        ["Time", formatMinutesAsDuration(totals.movingTimeMinutes)],
        ["Elevation", formatElevation(totals.elevation)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-md bg-gray-50 px-2 py-2">
          <dt className="text-xs font-medium text-gray-500">{label}</dt>
          <dd className="font-semibold tabular-nums text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const pill =
  "rounded-md px-2.5 py-1 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent";
const pillOn = `${pill} bg-brand text-white`;
const pillOff = `${pill} text-gray-600 hover:bg-gray-100`;

/**
 * Range and sport live in the address (links and a GET form: they work
 * without JavaScript and can be shared); the chart type and the tab are
 * display choices kept in the page.
 */
export function TimelineCard({
  timeline,
  initialChart,
  initialView,
}: {
  timeline: Timeline | null;
  initialChart: ChartType;
  initialView: "trends" | "monthly";
}) {
  const [chart, setChart] = useState<ChartType>(initialChart);
  const [view, setView] = useState(initialView === "monthly" ? 1 : 0);
  const location = useLocation();
  const search = location.search;
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  if (!timeline) {
    return (
      <Card>
        <p role="alert" className="py-8 text-center text-red-700">
          Failed to load activities
        </p>
      </Card>
    );
  }
  const config = chartConfig(timeline, chart);
  const empty = timeline.totals.count === 0;
  const { month } = timeline;

  return (
    <Card busy={loading}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div role="group" aria-label="Range" className="flex rounded-lg border border-gray-200 p-0.5">
          {TIMELINE_RANGES.map((range) => (
            <Link
              key={range}
              to={withParams(search, { range, month: null })}
              preventScrollReset
              replace
              aria-current={range === timeline.range ? "true" : undefined}
              className={range === timeline.range ? pillOn : pillOff}
            >
              {RANGE_LABELS[range]}
            </Link>
          ))}
        </div>
        <Form
          method="get"
          action={location.pathname}
          preventScrollReset
          replace
          className="flex items-center gap-2"
          onChange={(e) => settle(submit(e.currentTarget, { preventScrollReset: true, replace: true }))}
        >
          {[...new URLSearchParams(search)]
            .filter(([key]) => key !== "sportType" && key !== "month")
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
          <label htmlFor="timeline-sport" className="text-sm font-medium text-gray-700">
            Sport
          </label>
          <select
            id="timeline-sport"
            name="sportType"
            defaultValue={timeline.sportType}
            key={timeline.sportType}
            className="rounded-md border border-gray-300 bg-white py-1 pl-2 pr-8 text-sm"
          >
            {TIMELINE_SPORTS.map((s) => (
              <option key={s} value={s}>
                {s === "All" ? "All sports" : s}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="rounded-md border border-gray-300 px-2 py-1 text-sm">
              Apply
            </button>
          </noscript>
        </Form>
      </div>

      <TabGroup selectedIndex={view} onChange={setView} className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabList className="flex gap-1" aria-label="Timeline view">
            {["Trends", "Monthly"].map((label) => (
              <Tab
                key={label}
                className={`${pill} text-gray-600 hover:bg-gray-100 data-[selected]:bg-gray-900 data-[selected]:text-white`}
              >
                {label}
              </Tab>
            ))}
          </TabList>
          {view === 0 ? (
            <div role="group" aria-label="Chart type" className="flex flex-wrap gap-1">
              {CHART_TYPES.map((c) => (
                <button
                  key={c.value}
                  type="button"
                  aria-pressed={chart === c.value}
                  onClick={() => setChart(c.value)}
                  className={chart === c.value ? pillOn : pillOff}
                >
                  {c.label}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <TabPanels className="mt-4">
          <TabPanel className="space-y-4 focus:outline-none" data-testid="timeline-trends">
            <Totals totals={timeline.totals} />
            {empty ? (
              <p
                className="flex items-center justify-center rounded-lg bg-gray-50 text-gray-600"
                style={{ height: CHART_HEIGHT }}
              >
                No activities found for this time period
              </p>
            ) : (
              <LazyChart
                type={config.type}
                series={config.series}
                options={config.options}
                height={CHART_HEIGHT}
                label={config.label}
                spanDays={config.spanDays}
                dataKey={`${timeline.range}-${timeline.sportType}-${chart}-${timeline.to}`}
              />
            )}
          </TabPanel>
          <TabPanel className="space-y-3 focus:outline-none" data-testid="timeline-monthly">
            <div className="flex items-center justify-between gap-2">
              <MonthLink
                to={month.prev ? withParams(search, { month: month.prev, view: "monthly" }) : null}
                label="Previous month"
              >
                ‹
              </MonthLink>
              <h3 className="font-semibold text-gray-900" aria-live="polite">
                {formatMonth(month.month)}
              </h3>
              <MonthLink
                to={month.next ? withParams(search, { month: month.next, view: "monthly" }) : null}
                label="Next month"
              >
                ›
              </MonthLink>
            </div>
            <Totals totals={month.totals} />
            {month.activities.length === 0 ? (
              <p className="rounded-lg bg-gray-50 py-6 text-center text-gray-600">
                No activities found for this month
              </p>
            ) : (
              <>
                <ul
                  className="max-h-[14rem] divide-y divide-gray-100 overflow-y-auto pr-1"
                  data-testid="month-list"
                  tabIndex={0}
                  aria-label={`Activities in ${formatMonth(month.month)}`}
                >
                  {month.activities.map((a) => (
                    <ActivityRow key={a.id} activity={a} compact linkToDetail />
                  ))}
                </ul>
                {month.totals.count > month.activities.length ? (
                  <p className="text-xs text-gray-500">
                    Showing the latest {month.activities.length} of {formatInt(month.totals.count)} activities
                    this month.
                  </p>
                ) : null}
              </>
            )}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Card>
  );
}

function MonthLink({ to, label, children }: { to: string | null; label: string; children: string }) {
  const cls = "grid h-8 w-8 place-items-center rounded-md border text-lg";
  if (!to) {
    return (
      <span className={`${cls} border-gray-100 text-gray-300`} aria-hidden="true">
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      aria-label={label}
      className={`${cls} border-gray-300 text-gray-700 hover:bg-gray-50`}
    >
      {children}
    </Link>
  );
}

function Card({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <section
      aria-labelledby="timeline-heading"
      aria-busy={busy || undefined}
      className={cardClass({ padding: "sm", className: `transition-opacity ${busy ? "opacity-60" : ""}` })}
    >
      <h2 id="timeline-heading" className="mb-4 text-lg font-semibold text-gray-900">
        Activity Timeline
      </h2>
      {children}
    </section>
  );
}
