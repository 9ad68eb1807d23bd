import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "~/ui/tabs";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ACHIEVEMENT_BANDS, achievementLink, bandRange, type AchievementSport } from "../achievements";
import {
  formatElevation,
  formatHoursAsDuration,
  formatInt,
  formatKm,
  formatQuantity,
  formatRupees,
  plural,
} from "~/lib/format";
import type { DashboardSport } from "~/modules/sports/sports";
import type { DashboardStats, SportTotals } from "../stats.server";
import { Card } from "~/ui/card";
import { SportIcon } from "./sport-icon";

export const SPORT_TABS = ["Ride", "Run", "Swim", "Walk", "Hike", "Commute", "Other"] as const;
export type SportTab = (typeof SPORT_TABS)[number];

function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4" data-testid="stat-card">
      <dt className="text-sm font-medium text-gray-500">{label}</dt>
      <dd className="mt-1 whitespace-nowrap text-lg font-semibold tabular-nums text-gray-900 sm:text-2xl">
        {value}
      </dd>
      {hint ? <dd className="mt-0.5 text-xs text-gray-500">{hint}</dd> : null}
    </div>
  );
}

function TotalsCards({ totals }: { totals: SportTotals }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Activities" value={formatInt(totals.activityCount)} />
      <StatCard label="Distance" value={formatKm(totals.totalDistanceKm)} />
      <StatCard label="Moving Time" value={formatHoursAsDuration(totals.totalMovingTimeHours)} />
      <StatCard label="Elevation" value={formatElevation(totals.totalElevation)} />
    </dl>
  );
}

function AchievementTiles({ sport, counts }: { sport: AchievementSport; counts: Record<string, number> }) {
  return (
    <section aria-label={`${sport} achievements`} className="mt-5">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Achievements</h3>
      <ul className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {ACHIEVEMENT_BANDS[sport].map((band) => (
          <li key={band.key}>
            <Link
              to={achievementLink(sport, band)}
              className="block rounded-lg border border-brand-soft bg-brand-tint p-3 transition sm:p-4 hover:border-brand-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent"
              data-testid="achievement-tile"
            >
              <span className="block text-sm font-semibold text-brand">{band.label}</span>
              <span className="mt-1 block text-xl font-bold tabular-nums text-gray-900 sm:text-2xl">
                {formatInt(counts[band.key] ?? 0)}
              </span>
              <span className="block text-xs text-gray-600">{bandRange(band)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CommutePanel({ commute }: { commute: DashboardStats["commuteStats"] }) {
  const f = commute.factors;
  const countLink = (sport: "Ride" | "Run" | "Walk", n: number, label: string) => (
    <Link
      to={`/activities?type=${sport}&commute=true`}
      className="block rounded-lg border border-brand-soft bg-brand-tint p-3 transition sm:p-4 hover:border-brand-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent"
    >
      <span className="block text-sm font-medium text-brand">{label}</span>
      <span className="mt-1 block text-xl font-bold tabular-nums text-gray-900 sm:text-2xl">
        {formatInt(n)}
      </span>
    </Link>
  );
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard label="Commute Days" value={formatInt(commute.days)} />
        <StatCard label="Distance" value={formatKm(commute.totalDistanceKm)} />
        <StatCard label="Elevation" value={formatElevation(commute.totalElevation)} />
        <StatCard label="CO2 Offset" value={formatQuantity(commute.co2Offset, "kg")} />
        <StatCard label="Fuel Saved" value={formatQuantity(commute.fuelSaved, "L")} />
        <StatCard label="Money Saved" value={formatRupees(commute.moneySaved)} />
      </dl>
      <ul className="mt-3 grid grid-cols-3 gap-3" aria-label="Commutes by sport">
        <li>{countLink("Ride", commute.rideCount, "Rides")}</li>
        <li>{countLink("Run", commute.runCount, "Runs")}</li>
        <li>{countLink("Walk", commute.walkCount, "Walks")}</li>
      </ul>
      <p className="mt-3 text-xs text-gray-500">
        Compared with driving a petrol car the same distance: {f.co2KgPerKm} kg CO2 and {f.fuelLitresPerKm} L
        of fuel per km, at ₹{f.fuelPriceInr} per litre.
      </p>
    </div>
  );
}

/** The sport tabs (`~/ui/tabs`: arrow keys move between tabs, Home/End jump). */
export function SportStats({ stats, initialTab }: { stats: DashboardStats; initialTab: SportTab }) {
  return (
    <Card aria-labelledby="stats-heading" as="section" padding="sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stats-heading" className="text-lg font-semibold text-gray-900">
          Statistics
        </h2>
        <p className="text-sm text-gray-600" data-testid="overall">
          All sports: {plural(stats.overall.activityCount, "activity", "activities")} ·{" "}
          {formatKm(stats.overall.totalDistanceKm)} ·{" "}
          {formatHoursAsDuration(stats.overall.totalMovingTimeHours)}
        </p>
      </div>
      <TabGroup defaultIndex={SPORT_TABS.indexOf(initialTab)} className="mt-4">
        <TabList className="flex flex-wrap gap-1" aria-label="Sports">
          {SPORT_TABS.map((tab) => (
            <Tab
              key={tab}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent focus-visible:ring-offset-2 data-[selected]:bg-brand data-[selected]:text-white"
            >
              {({ selected }) => (
                <>
                  {tab === "Commute" ? null : (
                    <SportIcon
                      sportType={tab}
                      className="hidden h-4 w-4 sm:block"
                      decorative
                      coloured={!selected}
                    />
                  )}
                  {tab}
                </>
              )}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          {SPORT_TABS.map((tab) => (
            <TabPanel key={tab} className="focus:outline-none" data-testid={`panel-${tab}`}>
              {tab === "Commute" ? (
                <CommutePanel commute={stats.commuteStats} />
              ) : (
                <>
                  <TotalsCards totals={stats.bySport[tab as DashboardSport]} />
                  {tab !== "Other" ? (
                    <AchievementTiles
                      sport={tab as AchievementSport}
                      counts={stats.achievements[tab as AchievementSport]}
                    />
                  ) : (
                    <p className="mt-3 text-xs text-gray-500">
                      Every sport outside Ride, Run, Swim, Walk and Hike, such as yoga, strength training and
                      e-bike rides.
                    </p>
                  )}
                </>
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </Card>
  );
}

export function isSportTab(value: string | null): value is SportTab {
  return value !== null && (SPORT_TABS as readonly string[]).includes(value);
}
