import { Link, useSearchParams } from "@remix-run/react";
import { formatHoursAsDuration, formatKm, plural } from "~/lib/format";
import {
  ActivityRow,
  CHART_TYPES,
  isSportTab,
  SportStats,
  TimelineCard,
  type ChartType,
} from "~/modules/activities/ui";
import { RecommendationsCard } from "~/modules/recommendations/ui";
import { ConnectReturnNotice, StravaConnectButton, SyncBanner } from "~/modules/strava/ui";
import { ComponentErrorBoundary } from "~/ui/error-boundary";
import { OnboardingCard } from "~/ui/onboarding-card";
import { PoweredByStrava } from "~/ui/strava-brand";
import type { DashboardData } from "../page.server";
import { FitnessCard } from "./fitness-card";
import { CompletedChallenges } from "./completed-challenges";
import { ConsistencyStrip, PersonalRecords, YearOverYear } from "./highlights";
import { Button } from "~/ui/button";
import { FinisherBadges } from "~/modules/wari/badges";
import { FeedItemCard } from "~/modules/club/ui";
import { cardClass } from "~/ui/card";

const card = cardClass({ padding: "sm" });

function RecentActivities({ activities }: { activities: DashboardData["recent"] }) {
  return (
    <section aria-labelledby="recent-heading" className={card}>
      {/* On a phone the links move under the heading as one line, never breaking inside a label. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
        <h2 id="recent-heading" className="whitespace-nowrap text-lg font-semibold text-gray-900">
          Recent Activities
        </h2>
        <span className="flex gap-3 whitespace-nowrap">
          <Link to="/activities/upload" className="text-sm font-medium text-brand hover:underline">
            Add activities
          </Link>
          <Link to="/activities" className="text-sm font-medium text-brand hover:underline">
            View all
          </Link>
        </span>
      </div>
      {activities === null ? (
        <p role="alert" className="mt-3 text-red-700">
          Failed to load activities
        </p>
      ) : activities.length === 0 ? (
        <p className="mt-3 text-gray-600">No activities found</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100" data-testid="recent-activities">
          {activities.map((a) => (
            <ActivityRow key={a.id} activity={a} compact linkToDetail />
          ))}
        </ul>
      )}
    </section>
  );
}

function ShareButtons({ url }: { url: string }) {
  const text = "Tracking my rides and runs with the CycleWari Community";
  const links = [
    { label: "Share on X", href: `https://twitter.com/intent/tweet?${new URLSearchParams({ url, text })}` },
    {
      label: "Share on Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`,
    },
  ];
  return (
    <section aria-labelledby="share-heading" className={card}>
      <h2 id="share-heading" className="text-lg font-semibold text-gray-900">
        Share
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {links.map((l) => (
          <a
            key={l.label}
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            {l.label}
          </a>
        ))}
      </div>
    </section>
  );
}

/**
 * The dashboard's parts far below a phone's first screen (the timeline, recent activities and the
 * fitness card), rendered as they come near it (app/tailwind.css): the first render lays out half the page.
 */
const OFFSCREEN = "render-near-viewport";

/** The member's dashboard (spec part 1 §2), at /dashboard and, for members, at /. */
export function Dashboard({ data, home = false }: { data: DashboardData; home?: boolean }) {
  const [params] = useSearchParams();
  const tab = params.get("tab");
  const chart = params.get("chart");
  const { stats, strava } = data;
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
          {/* "Welcome back" only for a member who has been here with something to see. */}
          <p className="mt-1 text-gray-600" data-testid="greeting">
            {stats.overall.activityCount === 0 ? "Welcome" : "Welcome back"}, {data.username}.
          </p>
          <p className="mt-1 text-sm text-gray-500" data-testid="recent-summary">
            Last {stats.recent.days} days:{" "}
            <span className="whitespace-nowrap">
              {plural(stats.recent.activityCount, "activity", "activities")}
            </span>{" "}
            · <span className="whitespace-nowrap">{formatKm(stats.recent.totalDistanceKm)}</span> ·{" "}
            <span className="whitespace-nowrap">
              {formatHoursAsDuration(stats.recent.totalMovingTimeHours)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {home ? (
            <>
              <Link
                to="/dashboard"
                className="rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
              >
                My Dashboard
              </Link>
              <Link
                to="/challenges"
                className="rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
              >
                View Challenges
              </Link>
            </>
          ) : null}
          <Button to="/wari">{data.wariButton}</Button>
          <StravaConnectButton status={strava} />
        </div>
      </div>

      <ConnectReturnNotice />
      {strava ? <SyncBanner status={strava} /> : null}
      {stats.overall.activityCount === 0 ? (
        <OnboardingCard
          connected={Boolean(strava?.connected)}
          what="your statistics per sport, achievements, the activity timeline and your fitness curves"
        />
      ) : null}
      <CompletedChallenges challenges={data.completedChallenges} />
      <FinisherBadges badges={data.wariBadges} />

      <ComponentErrorBoundary name="Statistics">
        <SportStats stats={stats} initialTab={isSportTab(tab) ? tab : "Ride"} />
      </ComponentErrorBoundary>
      {data.highlights && stats.overall.activityCount > 0 ? (
        <ComponentErrorBoundary name="Highlights">
          <div className="grid gap-6 md:grid-cols-2">
            <YearOverYear years={data.highlights.years} />
            <ConsistencyStrip weeks={data.highlights.weeks} />
          </div>
          <PersonalRecords records={data.highlights.records} />
        </ComponentErrorBoundary>
      ) : null}

      <div className={`grid gap-6 lg:grid-cols-3 ${OFFSCREEN}`}>
        <div className="min-w-0 lg:col-span-2">
          <ComponentErrorBoundary name="Activity Timeline">
            <TimelineCard
              timeline={data.timeline}
              initialChart={CHART_TYPES.some((c) => c.value === chart) ? (chart as ChartType) : "summary"}
              initialView={params.get("view") === "monthly" ? "monthly" : "trends"}
            />
          </ComponentErrorBoundary>
        </div>
        <div className="min-w-0 space-y-6">
          <ComponentErrorBoundary name="Recent Activities">
            <RecentActivities activities={data.recent} />
          </ComponentErrorBoundary>
          {/* The club feed (issue #41), after the member's own numbers. */}
          {data.club?.length ? (
            <section aria-labelledby="club-heading" className="space-y-3">
              <div className="flex items-baseline justify-between">
                <h2 id="club-heading" className="text-lg font-semibold text-gray-900">
                  From the club
                </h2>
                <Link to="/club" className="text-sm font-medium text-brand hover:underline">
                  See the club feed
                </Link>
              </div>
              <ul className="space-y-3">
                {data.club.map((item) => (
                  <FeedItemCard key={item.id} item={item} isAdmin={data.isAdmin} compact />
                ))}
              </ul>
            </section>
          ) : null}
          <ComponentErrorBoundary name="Workout Recommendations">
            <RecommendationsCard />
          </ComponentErrorBoundary>
          <ComponentErrorBoundary name="Share">
            <ShareButtons url={data.shareUrl} />
          </ComponentErrorBoundary>
        </div>
      </div>
      <div className={OFFSCREEN}>
        <ComponentErrorBoundary name="Fitness, fatigue and form">
          <FitnessCard />
        </ComponentErrorBoundary>
      </div>
      <PoweredByStrava />
    </main>
  );
}
