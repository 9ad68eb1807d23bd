/**
 * The dashboard's highlights (issue #20 item 8): personal records per sport,
 * this year against last year up to the same day, and a weekly consistency
 * strip. Server-rendered markup; the only client code is the records' one
 * click handler for their links.
 */
import {
  formatDuration,
  formatElevation,
  formatHoursAsDuration,
  formatKm,
  formatLocalDate,
  formatMetresAsKm,
  formatNumber,
  formatDay,
  shortDate,
  plural,
} from "~/lib/format";
import {
  FASTEST_MIN_METRES,
  RECORD_METRICS,
  weekLevel,
  yearChange,
  type RecordMetric,
} from "~/modules/activities/highlights";
import { paceOrSpeed } from "~/modules/activities/sport-style";
import { SportIcon } from "~/modules/activities/ui";
import { BRAND } from "~/ui/brand";
import { cardClass } from "~/ui/card";
import { useLinkDelegation } from "~/ui/navigation";
import type { DashboardData } from "../page.server";

type Highlights = NonNullable<DashboardData["highlights"]>;
type SportRecords = Highlights["records"][number];
type PersonalRecord = NonNullable<SportRecords["records"][RecordMetric]>;

const card = cardClass({ padding: "sm" });

const METRIC_LABELS: Record<RecordMetric, string> = {
  distance: "Longest",
  time: "Longest time",
  climb: "Biggest climb",
  fastest: "Fastest",
};

function recordValue(metric: RecordMetric, record: PersonalRecord): string {
  if (metric === "distance") return formatMetresAsKm(record.value);
  if (metric === "time") return formatDuration(record.value);
  if (metric === "climb") return formatElevation(record.value);
  return paceOrSpeed({ ...record, averageSpeed: null }).value;
}

/**
 * Personal records: one block per sport the member has done, each record
 * opening its activity. Up to 27 links: plain anchors with one delegated
 * click handler for the section, not a `<Link>` each.
 */
export function PersonalRecords({ records }: { records: Highlights["records"] }) {
  const onLinkClick = useLinkDelegation();
  if (records.length === 0) return null;
  return (
    // The handler only catches clicks on the links inside (keyboard: Enter on a link clicks it).
    <section
      aria-labelledby="records-heading"
      className={card}
      data-testid="personal-records"
      onClick={onLinkClick}
    >
      <h2 id="records-heading" className="text-lg font-semibold text-gray-900">
        Personal records
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {records.map(({ sport, records: mine }) => (
          <li key={sport} className="rounded-lg border border-gray-100 p-3" data-testid="sport-records">
            <h3 className="flex items-center gap-2 font-semibold text-gray-900">
              <SportIcon sportType={sport} className="h-5 w-5" decorative />
              {sport}
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              {RECORD_METRICS.map((metric) => {
                const record = mine[metric];
                const floor = FASTEST_MIN_METRES[sport];
                return (
                  <div key={metric} className="min-w-0">
                    <dt className="text-gray-500">
                      {METRIC_LABELS[metric]}
                      {metric === "fastest" && floor ? (
                        <span className="text-xs"> ({formatMetresAsKm(floor)}+)</span>
                      ) : null}
                    </dt>
                    <dd className="font-semibold text-gray-900">
                      {record ? (
                        <a
                          href={`/activities/${record.activityId}`}
                          className="hover:text-brand-strong hover:underline"
                          title={`${record.name}, ${formatLocalDate(record.startDateLocal)}`}
                        >
                          {recordValue(metric, record)}
                          <span className="block truncate text-xs font-normal text-gray-500">
                            {formatLocalDate(record.startDateLocal)}
                          </span>
                        </a>
                      ) : (
                        "—"
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Change({ now, before }: { now: number; before: number }) {
  const change = yearChange(now, before);
  if (!change) return <span className="text-gray-500">—</span>;
  if (change.percent === null) return <span className="text-green-800">new this year</span>;
  if (change.direction === "same") return <span className="text-gray-600">the same</span>;
  const up = change.direction === "up";
  return (
    <span className={up ? "text-green-800" : "text-red-700"}>
      <span aria-hidden="true">{up ? "▲" : "▼"} </span>
      {up ? "up" : "down"} {formatNumber(Math.abs(change.percent))}%
    </span>
  );
}

/** This year so far against last year up to the same day. */
export function YearOverYear({ years }: { years: Highlights["years"] }) {
  const { thisYear, lastYear } = years;
  const rows = [
    {
      label: "Distance",
      now: thisYear.distanceKm,
      before: lastYear.distanceKm,
      show: formatKm,
    },
    {
      label: "Moving time",
      now: thisYear.movingTimeHours,
      before: lastYear.movingTimeHours,
      show: formatHoursAsDuration,
    },
    {
      label: "Activities",
      now: thisYear.activityCount,
      before: lastYear.activityCount,
      show: (n: number) => formatNumber(n, 0),
    },
  ];
  return (
    <section aria-labelledby="years-heading" className={card} data-testid="year-over-year">
      <h2 id="years-heading" className="text-lg font-semibold text-gray-900">
        This year against last year
      </h2>
      <p className="mt-1 text-sm text-gray-500">1 Jan to {shortDate(years.through)}, each year</p>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-gray-500">
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Measure</span>
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {thisYear.year}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {lastYear.year}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-2 text-left font-medium text-gray-700">
                {row.label}
              </th>
              <td className="py-2 text-right font-semibold tabular-nums text-gray-900">
                {row.show(row.now)}
              </td>
              <td className="py-2 text-right tabular-nums text-gray-700">{row.show(row.before)}</td>
              <td className="py-2 text-right">
                <Change now={row.now} before={row.before} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const LEVEL_OPACITY = [0, 0.3, 0.5, 0.75, 1];

/** A cell per week, shaded by the days the member was active; each cell says it in words too. */
export function ConsistencyStrip({ weeks }: { weeks: Highlights["weeks"] }) {
  const active = weeks.filter((w) => w.activeDays > 0).length;
  const thisWeek = weeks[weeks.length - 1];
  return (
    <section aria-labelledby="consistency-heading" className={card} data-testid="consistency-strip">
      <h2 id="consistency-heading" className="text-lg font-semibold text-gray-900">
        Weekly consistency
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Active in {active} of the last {plural(weeks.length, "week")}
        {thisWeek ? ` · this week ${plural(thisWeek.activeDays, "day")}` : ""}
      </p>
      <ol className="mt-3 flex gap-1" aria-label="Active days per week, oldest first">
        {weeks.map((week) => {
          const words = `Week of ${formatDay(week.weekStart)}: ${plural(week.activeDays, "active day")}, ${formatKm(week.distanceKm)}`;
          const level = weekLevel(week.activeDays);
          return (
            <li
              key={week.weekStart}
              title={words}
              data-level={level}
              className="aspect-square max-w-[2rem] flex-1"
            >
              <span
                className="block h-full w-full rounded border border-gray-200"
                style={
                  level > 0
                    ? {
                        backgroundColor: BRAND.DEFAULT,
                        opacity: LEVEL_OPACITY[level],
                        borderColor: BRAND.DEFAULT,
                      }
                    : { backgroundColor: "#f3f4f6" }
                }
              />
              <span className="sr-only">{words}</span>
            </li>
          );
        })}
      </ol>
      <p className="mt-2 flex items-center justify-end gap-1 text-xs text-gray-500" aria-hidden="true">
        0 days
        {LEVEL_OPACITY.map((opacity, level) => (
          <span
            key={level}
            className="inline-block h-3 w-3 rounded border border-gray-200"
            style={level > 0 ? { backgroundColor: BRAND.DEFAULT, opacity } : { backgroundColor: "#f3f4f6" }}
          />
        ))}
        4+ days
      </p>
    </section>
  );
}
