/**
 * Analysis tab: 'Activity Overview' (Activity Analysis with Activities by Type,
 * Distance Distribution and Participation Stats) and 'User Activity Analysis'.
 * Charts load lazily; every number is also in a table.
 */
import { useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { axisLabel, formatHoursAsDuration, formatMonth, formatNumber, plural, sportName } from "~/lib/format";
import { LazyChart } from "~/ui/charts/lazy-chart";
import { BRAND } from "~/ui/brand";
import { sportColour } from "~/modules/activities/sport-style";
import type {
  activitiesByType,
  activityTrends,
  distanceBuckets,
  userActivitiesReport,
  userParticipation,
} from "../reports.server";
import { TabBar } from "./shared";

export interface AnalysisData {
  byType: Awaited<ReturnType<typeof activitiesByType>> | null;
  trends: Awaited<ReturnType<typeof activityTrends>> | null;
  participation: Awaited<ReturnType<typeof userParticipation>> | null;
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
  const byDistance = [...(data.byType ?? [])].sort((a, b) => b.totalDistanceKm - a.totalDistanceKm);
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
      {section === "types" && data.byType ? (
        <div className="space-y-4">
          <LazyChart
            type="bar"
            height={Math.max(200, byDistance.length * 32 + 60)}
            label="Distance by activity type"
            dataKey={`types-${byDistance.length}`}
            series={[
              {
                name: "Distance",
                data: byDistance.map((t) => t.totalDistanceKm),
              },
            ]}
            options={{
              // Horizontal bars, longest first, so the smaller sports stay readable next to Ride.
              // Each sport in its own colour, the same as on the dashboard and the activity list.
              plotOptions: { bar: { horizontal: true, barHeight: "70%", distributed: true } },
              legend: { show: false },
              xaxis: {
                categories: byDistance.map((t) => sportName(t.sportType)),
                min: 0,
                labels: { formatter: (v: string) => axisLabel("km")(Number(v)) },
              },
              tooltip: { y: { formatter: axisLabel("km") } },
              chart: { toolbar: { show: false } },
              colors: byDistance.map((t) => sportColour(t.sportType)),
              dataLabels: { enabled: false },
            }}
          />
          <ReportTable
            headers={["Type", "Activities", "Distance (km)", "Moving time", "Elevation (m)", "Members"]}
            rows={byDistance.map((t) => ({
              key: t.sportType,
              cells: [
                sportName(t.sportType),
                formatNumber(t.activityCount, 0),
                t.totalDistanceKm > 0 ? formatNumber(t.totalDistanceKm) : "—",
                formatHoursAsDuration(t.totalMovingTimeHours),
                formatNumber(t.totalElevationGain, 0),
                formatNumber(t.uniqueUsers, 0),
              ],
            }))}
          />
        </div>
      ) : null}
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
              yaxis: {
                min: 0,
                // Whole members on the axis: one tick per member up to 10.
                tickAmount: Math.min(10, Math.max(1, ...data.quantiles.map((b) => b.members))),
                labels: { formatter: axisLabel("") },
                title: { text: "Members" },
              },
              chart: { toolbar: { show: false } },
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
      {section === "participation" && data.participation ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Stat label="Total users" value={data.participation.users.totalUsers} />
          <Stat label="Strava connected" value={data.participation.users.stravaConnectedUsers} />
          <Stat label="Challenges" value={data.participation.challenges.totalChallenges} />
          <Stat label="Challenge participants" value={data.participation.challenges.uniqueParticipants} />
          <Stat label="Event registrations" value={data.participation.events.totalRegistrations} />
          <Stat label="Paid registrations" value={data.participation.events.paidRegistrations} />
        </div>
      ) : null}
    </div>
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
              min: 0,
              labels: { formatter: axisLabel("") },
              title: { text: "Members" },
            },
            chart: { toolbar: { show: false } },
            colors: [BRAND.DEFAULT],
            dataLabels: { enabled: false },
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
