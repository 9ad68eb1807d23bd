/** /admin/users/{id}: one member seen by an admin (spec part 2: User Dashboard). */
import { Link, useSearchParams } from "@remix-run/react";
import {
  formatDistanceOrDash,
  formatDuration,
  formatElevation,
  formatInt,
  formatKm,
  formatMetresAsKm,
  formatMinutesAsDuration,
  plural,
  sportName,
} from "~/lib/format";
import { SPORT_GROUPS, type GroupedSport } from "~/modules/sports/sports";
import { Alert } from "~/ui/form";
import { SOURCE_LABELS } from "~/modules/activities/ui";
import type { adminUserPage } from "../page.server";
import { btnPrimary, btnSecondary, FetcherMark, TabBar, useAdminFetcher } from "./shared";
import { useDates } from "~/lib/time-zone";

type PageData = Awaited<ReturnType<typeof adminUserPage>>;

const TABS = [
  { id: "activities", label: "Activities" },
  { id: "challenges", label: "Challenges" },
  { id: "events", label: "Events" },
  { id: "sync", label: "Strava Sync" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** An instant's day in the page's zone, or a dash. */
function useDay() {
  const dates = useDates();
  return (iso: string | null) => (iso ? dates.date(iso) : "—");
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function AdminForbidden() {
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <Alert tone="error" title="Admin access required">
        This page is for administrators.
      </Alert>
      <Link to="/dashboard" className={btnSecondary}>
        Go to your dashboard
      </Link>
    </main>
  );
}

export function UserMissing() {
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <Alert tone="error">User not found</Alert>
      <Link to="/admin" className={btnSecondary}>
        Back to Admin
      </Link>
    </main>
  );
}

/** The sport types a dashboard sport counts ("Ride, virtual ride, mountain bike ride and gravel ride"). */
const includes = (sport: GroupedSport) => {
  const names = SPORT_GROUPS[sport].map((t, i) => (i === 0 ? sportName(t) : sportName(t).toLowerCase()));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]!;
};

function SummaryCard({
  title,
  sport,
  totals,
}: {
  title: string;
  sport: GroupedSport;
  totals: { count: number; distanceKm: number; timeMinutes: number };
}) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 className="font-semibold text-gray-900">{title}</h2>
      <p className="text-xs text-gray-600">{includes(sport)}, as on the member&apos;s dashboard</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-gray-500">Activities</dt>
          <dd className="text-lg font-semibold text-gray-900">{formatInt(totals.count)}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Distance</dt>
          <dd className="text-lg font-semibold text-gray-900">{formatKm(totals.distanceKm)}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Time</dt>
          <dd className="text-lg font-semibold text-gray-900">
            {formatMinutesAsDuration(totals.timeMinutes)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-gray-700">
      {children}
    </p>
  );
}

function SyncPanel({ data }: { data: PageData }) {
  const date = useDay();
  const dates = useDates();
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  if (!data.sync)
    return (
      <Alert tone="error">
        {data.syncError ? `${data.syncError}. ` : ""}Unable to load Strava sync information for this user.
      </Alert>
    );
  const s = data.sync;
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        {[
          ["Strava", s.stravaConnected ? `Connected (athlete ${s.stravaId})` : "Not connected"],
          ["Activities", formatInt(s.totalActivities)],
          ["Latest activity", date(s.latestActivityDate)],
          ["Last sync", date(s.lastSyncAt)],
          ["Token expires", s.stravaTokenExpiry ? dates.dateTime(s.stravaTokenExpiry) : "—"],
          [
            "Sync state",
            s.syncStatus.error ? `Error: ${s.syncStatus.error}` : capitalise(s.syncStatus.state),
          ],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-gray-200 bg-white p-3">
            <dt className="text-sm text-gray-500">{label}</dt>
            <dd className="mt-0.5 font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {s.activityTypes.length ? (
        <ul className="flex flex-wrap gap-2 text-sm">
          {s.activityTypes.map((t) => (
            <li key={t.type} className="rounded-full bg-gray-100 px-3 py-1 text-gray-800">
              {sportName(t.type)}: {formatInt(t.count)} · {formatMetresAsKm(t.totalDistance)}
            </li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form method="post">
        <FetcherMark />
        <button type="submit" className={btnPrimary} disabled={busy || !s.stravaConnected}>
          {busy ? "Syncing..." : "Sync Strava activities"}
        </button>
      </fetcher.Form>
    </div>
  );
}

export function UserDashboard({ data }: { data: PageData }) {
  const date = useDay();
  const [params] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = TABS.some((t) => t.id === tabParam) ? (tabParam as Tab) : "activities";
  const { user } = data;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Link to="/admin" className={btnSecondary}>
        ← Back to Admin
      </Link>
      <header className="mt-4 flex flex-wrap items-center gap-4">
        <div
          className="grid h-14 w-14 place-items-center rounded-full bg-gray-800 text-xl font-semibold uppercase text-white"
          aria-hidden="true"
        >
          {user.username.slice(0, 1)}
        </div>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-gray-900">{user.username}</h1>
          <p className="truncate text-sm text-gray-600">
            {name ? `${name} · ` : ""}
            {user.email} · joined {date(user.createdAt)}
          </p>
          <p className="mt-1 flex flex-wrap gap-1 text-xs">
            {user.isAdmin ? (
              <span className="rounded-full bg-purple-100 px-2 py-0.5 font-semibold text-purple-900">
                Admin
              </span>
            ) : null}
            <span
              className={`rounded-full px-2 py-0.5 font-semibold ${user.isVerified ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
            >
              {user.isVerified ? "Verified" : "Unverified"}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 font-semibold ${user.isActive ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"}`}
            >
              {user.isActive ? "Active" : "Inactive"}
            </span>
          </p>
        </div>
      </header>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <SummaryCard title="Running" sport="Run" totals={data.summary.running} />
        <SummaryCard title="Cycling" sport="Ride" totals={data.summary.cycling} />
      </div>
      <p className="mt-3 text-sm text-gray-700" data-testid="sport-groups">
        <span className="font-medium">
          All sports: {plural(data.summary.totalActivities, "activity", "activities")}
        </span>
        {data.summary.groups.map((g) => (
          <span key={g.sport}>
            {" · "}
            {g.sport} {formatInt(g.count)}
          </span>
        ))}
      </p>
      <div className="mt-6">
        <TabBar tabs={TABS} current={tab} hrefFor={(id) => `?tab=${id}`} label="User sections" />
      </div>
      <section className="mt-4">
        {tab === "activities" ? (
          data.recent.activities.length === 0 ? (
            <Empty>
              {data.summary.totalActivities > 0
                ? `${plural(data.summary.totalActivities, "activity", "activities")}, none shared with everyone (private on Strava), so none are listed.`
                : "No activities yet."}
            </Empty>
          ) : (
            <div className="space-y-3">
              <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
                {data.recent.activities.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-gray-900">{a.name}</p>
                      <p className="text-sm text-gray-600">
                        {sportName(a.type)} · {date(a.startDate)} · {SOURCE_LABELS[a.source]}
                      </p>
                    </div>
                    <p className="text-sm text-gray-800">
                      {formatDistanceOrDash(a.distance)} · {formatDuration(a.movingTime)} ·{" "}
                      {formatElevation(Math.round(a.totalElevationGain))}
                    </p>
                  </li>
                ))}
              </ul>
              {data.recent.total > data.recent.activities.length ? (
                <Link to={`/activities?userId=${user.id}`} className={btnSecondary}>
                  View All {formatInt(data.recent.total)} Activities
                </Link>
              ) : null}
              {data.summary.totalActivities > data.recent.total ? (
                <p className="text-sm text-gray-600">
                  {plural(data.summary.totalActivities - data.recent.total, "activity", "activities")} not
                  shared with everyone (private on Strava) are counted above but not listed.
                </p>
              ) : null}
            </div>
          )
        ) : null}
        {tab === "challenges" ? (
          data.challenges.length === 0 ? (
            <Empty>Not in any challenge.</Empty>
          ) : (
            <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
              {data.challenges.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <Link
                    to={`/admin/challenges/${c.challengeId}`}
                    className="font-medium text-brand hover:underline"
                  >
                    {c.challenge.title}
                  </Link>
                  <span className="text-sm text-gray-800">
                    {formatMetresAsKm(c.progress)}
                    {c.challenge.targetDistance
                      ? ` of ${formatMetresAsKm(c.challenge.targetDistance)}`
                      : ""}{" "}
                    · {sportName(c.challenge.sportType)}
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : null}
        {tab === "events" ? (
          data.events.length === 0 ? (
            <Empty>No event registrations.</Empty>
          ) : (
            <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
              {data.events.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <span className="font-medium text-gray-900">{e.event.title}</span>
                  <span className="text-sm text-gray-800">
                    {date(e.event.date)} ·{" "}
                    {e.paymentStatus === "paid" || e.paymentStatus === "completed" ? "Paid" : "Pending"}
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : null}
        {tab === "sync" ? <SyncPanel data={data} /> : null}
      </section>
    </main>
  );
}
