/**
 * Analysis tab: 'Activity Overview' (Activity Analysis with Activities by Type,
 * Distance Distribution and Participation Stats) and 'User Activity Analysis'.
 * Charts load lazily; every number is also in a table.
 */
import { useSearchParams } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  axisLabel,
  formatDay,
  formatHoursAsDuration,
  formatMonth,
  formatNumber,
  formatShare,
  plural,
  sportName,
} from "~/lib/format";
import { LazyChart } from "~/ui/charts/lazy-chart";
import { wholeLabel, wholeTicks } from "~/ui/charts/options";
import { Segmented } from "~/ui/charts/segmented";
import { BRAND } from "~/ui/brand";
import { sportColour } from "~/modules/activities/sport-style";
import type {
  activitiesByType,
  activityTrends,
  distanceBuckets,
  participationOverTime,
  userActivitiesReport,
  userParticipation,
} from "../reports.server";
import { TabBar } from "./shared";

export interface AnalysisData {
  byType: Awaited<ReturnType<typeof activitiesByType>> | null;
  trends: Awaited<ReturnType<typeof activityTrends>> | null;
  participation: Awaited<ReturnType<typeof userParticipation>> | null;
  overTime: Awaited<ReturnType<typeof participationOverTime>> | null;
  perUser: Awaited<ReturnType<typeof userActivitiesReport>> | null;
  distribution: ReturnType<typeof distanceBuckets> | null;
  quantiles: ReturnType<typeof distanceBuckets> | null;
  countDistribution: ReturnType<typeof distanceBuckets> | null;
}

const VIEWS = [
  { id: "overview", label: "Activity Overview" },
  { id: "users", label: "User Activity Analysis" },
] as const;
const SECTIONS = [
  { id: "types", label: "Activities by Type" },
  { id: "distribution", label: "Distance Distribution" },
  { id: "participation", label: "Participation Stats" },
] as const;

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-600";
const td = "px-3 py-2 text-gray-800";

/** A report as a table; the first column is the row's name. */
function ReportTable({
  caption,
  headers,
  rows,
}: {
  caption?: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        {caption ? <caption className="px-3 py-2 text-left text-sm text-gray-600">{caption}</caption> : null}
        <thead className="bg-gray-50">
          <tr>
            {headers.map((h, i) => (
              <th key={h} scope="col" className={i === 0 ? th : `${th} text-right`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} className={i === 0 ? `${td} font-medium` : `${td} text-right tabular-nums`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ErrorCard({ title, failed }: { title: string; failed: string[] }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-inside list-disc text-sm">
        {failed.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Please refresh the page or contact the administrator if the problem persists.
      </p>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-gray-900">
        {typeof value === "number" ? formatNumber(value, 0) : value}
      </p>
    </div>
  );
}

function Overview({ data, section }: { data: AnalysisData; section: (typeof SECTIONS)[number]["id"] }) {
  const failed = [
    data.byType === null ? "Failed to load activities by type" : null,
    data.trends === null ? "Failed to load activity trends" : null,
    data.participation === null ? "Failed to load participation statistics" : null,
  ].filter((f): f is string => f !== null);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">Activity Analysis</h2>
      {failed.length ? <ErrorCard title="Error Loading Analysis Data" failed={failed} /> : null}
      <TabBar
        tabs={SECTIONS}
        current={section}
        hrefFor={(id) => `/admin?tab=analysis&view=overview&section=${id}`}
        label="Activity Analysis"
      />
      {section === "types" && data.byType ? <ActivitiesByType byType={data.byType} /> : null}
      {section === "distribution" && data.distribution && data.quantiles ? (
        <div className="space-y-4">
          <p className="text-sm text-gray-600">
            Members by their total distance, in steps cut at the community&apos;s own fifths, so the bars
            spread the members out.
          </p>
          <LazyChart
            type="bar"
            height={280}
            label="Members by total distance"
            dataKey={`dist-${data.quantiles.length}`}
            series={[
              {
                name: "Members",
                data: data.quantiles.map((b) => b.members),
              },
            ]}
            options={{
              xaxis: {
                categories: data.quantiles.map((b) => b.label),
                title: { text: "Total distance (km)" },
              },
              // Whole members on the axis.
              yaxis: {
                ...wholeTicks(Math.max(...data.quantiles.map((b) => b.members))),
                title: { text: "Members" },
              },
              colors: [BRAND.DEFAULT],
              dataLabels: { enabled: true },
            }}
          />
          <ReportTable
            caption="Members in 50 km steps"
            headers={["Total distance", "Members"]}
            rows={data.distribution
              .filter((b) => b.members > 0)
              .map((b) => ({ key: b.label, cells: [b.label, formatNumber(b.members, 0)] }))}
          />
          {data.trends ? (
            <ReportTable
              caption="Last 12 months"
              headers={["Month", "Activities", "Distance (km)", "Active members"]}
              rows={data.trends.map((m) => ({
                key: m.month,
                cells: [
                  formatMonth(m.month),
                  formatNumber(m.activityCount, 0),
                  formatNumber(m.totalDistanceKm),
                  formatNumber(m.activeUsers, 0),
                ],
              }))}
            />
          ) : null}
        </div>
      ) : null}
      {section === "participation" ? (
        <div className="space-y-4">
          {data.participation ? (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <Stat label="Total users" value={data.participation.users.totalUsers} />
              <Stat label="Strava connected" value={data.participation.users.stravaConnectedUsers} />
              <Stat label="Challenges" value={data.participation.challenges.totalChallenges} />
              <Stat label="Challenge participants" value={data.participation.challenges.uniqueParticipants} />
              <Stat label="Event registrations" value={data.participation.events.totalRegistrations} />
              <Stat label="Paid registrations" value={data.participation.events.paidRegistrations} />
            </div>
          ) : null}
          {data.overTime ? (
            <ParticipationOverTime weeks={data.overTime.weeks} />
          ) : (
            <ErrorCard
              title="Error Loading Analysis Data"
              failed={["Failed to load participation over time"]}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

const TYPE_VIEWS = [
  { value: "distance", label: "Distance" },
  { value: "log", label: "Distance, log scale" },
  { value: "share", label: "Share of activities" },
] as const;
type TypeView = (typeof TYPE_VIEWS)[number]["value"];

/**
 * Activities by Type: each sport's bar in its own colour, longest first. Ride's
 * distance dwarfs the rest, so two more views let the small sports show: the
 * distance on a log scale (each tick ten times the last) and each sport's
 * share of all activities, every bar labelled with its value.
 */
function ActivitiesByType({ byType }: { byType: NonNullable<AnalysisData["byType"]> }) {
  const [view, setView] = useState<TypeView>("distance");
  const byDistance = [...byType].sort((a, b) => b.totalDistanceKm - a.totalDistanceKm);
  const rows = view === "share" ? [...byType].sort((a, b) => b.activityCount - a.activityCount) : byDistance;
  const allActivities = byType.reduce((sum, t) => sum + t.activityCount, 0);
  const km = rows.map((t) => t.totalDistanceKm);
  const values =
    view === "share"
      ? rows.map((t) => (allActivities > 0 ? Math.round((t.activityCount / allActivities) * 1000) / 10 : 0))
      : view === "log"
        ? km.map((v) => (v > 1 ? Math.round(Math.log10(v) * 1000) / 1000 : 0))
        : km;
  const decades = Math.max(1, Math.ceil(Math.max(0, ...values)));
  const realValue = (i: number) =>
    view === "share"
      ? formatShare(rows[i]!.activityCount, allActivities)
      : axisLabel("km")(rows[i]!.totalDistanceKm);
  const valueAxis =
    view === "log"
      ? {
          min: 0,
          max: decades,
          tickAmount: decades,
          labels: { formatter: (v: string) => wholeLabel("km")(10 ** Number(v)) },
        }
      : view === "share"
        ? {
            ...wholeTicks(Math.max(0, ...values), 4),
            labels: { formatter: (v: string) => `${wholeLabel()(v)}%` },
          }
        : { ...wholeTicks(Math.max(0, ...km), 4), labels: { formatter: wholeLabel("km") } };
  return (
    <div className="space-y-4">
      <Segmented
        label="Activities by type view"
        options={TYPE_VIEWS}
        value={view}
        onChange={setView}
        testId="types-view"
      />
      <LazyChart
        type="bar"
        height={Math.max(200, rows.length * 32 + 60)}
        label={
          view === "share"
            ? "Share of all activities by activity type"
            : `Distance by activity type${view === "log" ? ", log scale" : ""}`
        }
        dataKey={`types-${rows.length}-${view}`}
        testId="types-chart"
        series={[{ name: view === "share" ? "Share of activities" : "Distance", data: values }]}
        options={{
          // Horizontal bars, so the sport names read; each sport in its own colour, as on the dashboard.
          plotOptions: {
            bar: { horizontal: true, barHeight: "70%", distributed: true, dataLabels: { position: "top" } },
          },
          legend: { show: false },
          xaxis: { categories: rows.map((t) => sportName(t.sportType)), ...valueAxis },
          // Every bar says its value, so a sliver of a sport is still read.
          dataLabels: {
            enabled: true,
            offsetX: 28,
            style: { colors: ["#374151"], fontSize: "11px", fontWeight: 500 },
            formatter: (_v: number, { dataPointIndex }: { dataPointIndex: number }) =>
              realValue(dataPointIndex),
          },
          grid: { padding: { right: 48 } },
          tooltip: {
            y: {
              formatter: (_v: number, { dataPointIndex }: { dataPointIndex: number }) =>
                realValue(dataPointIndex),
            },
          },
          colors: rows.map((t) => sportColour(t.sportType)),
        }}
      />
      <ReportTable
        headers={["Type", "Activities", "Share", "Distance (km)", "Moving time", "Elevation (m)", "Members"]}
        rows={byDistance.map((t) => ({
          key: t.sportType,
          cells: [
            sportName(t.sportType),
            formatNumber(t.activityCount, 0),
            formatShare(t.activityCount, allActivities),
            t.totalDistanceKm > 0 ? formatNumber(t.totalDistanceKm) : "—",
            formatHoursAsDuration(t.totalMovingTimeHours),
            formatNumber(t.totalElevationGain, 0),
            formatNumber(t.uniqueUsers, 0),
          ],
        }))}
      />
    </div>
  );
}

const OVER_TIME_SERIES = [
  { key: "members", name: "Members", colour: "#1f2937" },
  { key: "activeMembers", name: "Active members", colour: BRAND.DEFAULT },
  { key: "challengeJoins", name: "Challenge joins", colour: "#2563eb" },
  { key: "eventRegistrations", name: "Event registrations", colour: "#16a34a" },
] as const;

/** Participation over time: the weekly numbers as lines (India-time weeks, Monday first) and as a table. */
function ParticipationOverTime({ weeks }: { weeks: NonNullable<AnalysisData["overTime"]>["weeks"] }) {
  const at = (week: string) => Date.parse(`${week}T00:00:00Z`);
  const first = weeks[0]?.week ?? "";
  const last = weeks.at(-1)?.week ?? "";
  const top = Math.max(0, ...weeks.flatMap((w) => OVER_TIME_SERIES.map((s) => w[s.key])));
  return (
    <section aria-labelledby="over-time-heading" className="space-y-3" data-testid="participation-over-time">
      <h3 id="over-time-heading" className="font-semibold text-gray-900">
        Participation over time
      </h3>
      <p className="text-sm text-gray-600">
        Per week (Monday to Sunday, India time), the current week so far last: members at the week&apos;s end,
        members with an activity in the week, challenges joined and event registrations made.
      </p>
      <LazyChart
        type="line"
        height={300}
        label={`Members, active members, challenge joins and event registrations per week, ${first ? formatDay(first) : ""} to ${last ? formatDay(last) : ""}`}
        dataKey={`over-time-${first}-${weeks.length}`}
        testId="participation-chart"
        series={OVER_TIME_SERIES.map((s) => ({
          name: s.name,
          data: weeks.map((w) => [at(w.week), w[s.key]]),
        }))}
        options={{
          colors: OVER_TIME_SERIES.map((s) => s.colour),
          stroke: { width: 2, curve: "straight" },
          markers: { size: 0 },
          xaxis: { type: "datetime", min: at(first), max: at(last) },
          yaxis: wholeTicks(top),
          tooltip: {
            shared: true,
            x: { formatter: (v: number) => `Week of ${formatDay(new Date(v).toISOString())}` },
          },
        }}
      />
      <ReportTable
        caption="Per week, newest first"
        headers={["Week of", "Members", "New", "Active members", "Challenge joins", "Event registrations"]}
        rows={[...weeks].reverse().map((w) => ({
          key: w.week,
          cells: [
            formatDay(w.week),
            formatNumber(w.members, 0),
            formatNumber(w.newMembers, 0),
            formatNumber(w.activeMembers, 0),
            formatNumber(w.challengeJoins, 0),
            formatNumber(w.eventRegistrations, 0),
          ],
        }))}
      />
    </section>
  );
}

function UserAnalysis({ data }: { data: AnalysisData }) {
  if (!data.perUser)
    return <ErrorCard title="Error Loading User Activity Data" failed={["Failed to load user activities"]} />;
  const { sportColumns, users } = data.perUser;
  if (users.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
        No activities synced yet.
      </p>
    );
  return (
    <div className="space-y-4">
      {data.countDistribution ? (
        <LazyChart
          type="bar"
          height={240}
          label="Members by number of activities"
          dataKey={`count-${data.countDistribution.length}`}
          series={[
            {
              name: "Members",
              data: data.countDistribution.map((b) => b.members),
            },
          ]}
          options={{
            xaxis: { categories: data.countDistribution.map((b) => b.label), title: { text: "Activities" } },
            yaxis: {
              ...wholeTicks(Math.max(...data.countDistribution.map((b) => b.members))),
              title: { text: "Members" },
            },
            colors: [BRAND.DEFAULT],
            title: { text: "Members by number of activities (steps of 10)" },
          }}
        />
      ) : null}
      <ReportTable
        caption={`${plural(users.length, "member")} with activities, by total distance (km)`}
        headers={["Member", "Activities", "Total (km)", ...sportColumns.map(sportName)]}
        rows={users.map((u) => ({
          key: String(u.userId),
          cells: [
            <a
              key="name"
              href={`/admin/users/${u.userId}`}
              className="font-medium text-brand hover:underline"
            >
              {u.username}
            </a>,
            formatNumber(u.totalActivities, 0),
            formatNumber(u.totalDistanceKm),
            ...sportColumns.map((c) => (u.distanceBySport[c] ? formatNumber(u.distanceBySport[c]) : "—")),
          ],
        }))}
      />
    </div>
  );
}

export function AnalysisTab({ data }: { data: AnalysisData }) {
  const [params] = useSearchParams();
  const view = params.get("view") === "users" ? "users" : "overview";
  const sectionParam = params.get("section");
  const section = SECTIONS.some((s) => s.id === sectionParam)
    ? (sectionParam as (typeof SECTIONS)[number]["id"])
    : "types";
  return (
    <section aria-label="Analysis" className="space-y-4">
      <TabBar
        tabs={VIEWS}
        current={view}
        hrefFor={(id) => `/admin?tab=analysis&view=${id}`}
        label="Analysis views"
      />
      {view === "overview" ? <Overview data={data} section={section} /> : <UserAnalysis data={data} />}
    </section>
  );
}
