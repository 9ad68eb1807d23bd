import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { buttonClass } from "~/ui/button";
import { useHydrated } from "~/ui/charts/lazy-chart";
import { Alert, Field, SelectField } from "~/ui/form";
import { Pagination } from "~/ui/pagination";
import { formatInt, plural, sportName } from "~/lib/format";
import type { ActivityPage } from "../list.server";
import { ACTIVITY_SORTS } from "../constants";
import { DASHBOARD_SPORTS } from "~/modules/sports/sports";
import { ActivitiesTable } from "./activities-table";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";
import { PoweredByStrava } from "~/ui/strava-brand";

/** Strava sport types offered besides the dashboard's sports (any other type still works from the address). */
const MORE_TYPES = [
  "VirtualRide",
  "MountainBikeRide",
  "GravelRide",
  "EBikeRide",
  "TrailRun",
  "VirtualRun",
  "Rowing",
  "Workout",
  "WeightTraining",
  "Yoga",
];

export interface ActivitiesPageData {
  filters: Record<string, string>;
  result: ActivityPage | null;
  error: string | null;
}

/** Every filter in the address as a removable chip ("Ride", "100–199.9 km" from an achievement tile, …). */
export function filterChips(filters: Record<string, string>, search: string) {
  const without = (...keys: string[]) => {
    const params = new URLSearchParams(search);
    for (const key of [...keys, "page"]) params.delete(key);
    const query = params.toString();
    return `/activities${query ? `?${query}` : ""}`;
  };
  const chips: { label: string; href: string }[] = [];
  const type = filters.type ?? filters.sportType;
  if (type) chips.push({ label: sportName(type), href: without("type", "sportType") });
  const { minDistance: min, maxDistance: max } = filters;
  if (min || max)
    chips.push({
      label: min && max ? `${min}–${max} km` : min ? `${min} km or more` : `Up to ${max} km`,
      href: without("minDistance", "maxDistance"),
    });
  if (filters.minElevation)
    chips.push({ label: `${filters.minElevation} m climbing or more`, href: without("minElevation") });
  if (filters.commute === "true" || filters.commute === "false")
    chips.push({
      label: filters.commute === "true" ? "Commutes only" : "Not commutes",
      href: without("commute"),
    });
  if (filters.search) chips.push({ label: `“${filters.search}”`, href: without("search") });
  return chips;
}

export function ActivitiesPage({
  data,
  notice = null,
}: {
  data: ActivitiesPageData;
  /** Shown under the heading: the Strava module's "waiting for Strava" (the route passes it). */
  notice?: ReactNode;
}) {
  const { filters, result, error } = data;
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/activities";
  const type = filters.type ?? filters.sportType ?? "";
  const typeOptions = [
    ...DASHBOARD_SPORTS.map((s) => ({
      value: s,
      label:
        s === "Ride" ? "Ride (incl. virtual, MTB, gravel)" : s === "Run" ? "Run (incl. trail, virtual)" : s,
    })),
    ...MORE_TYPES.map((t) => ({ value: t, label: sportName(t) })),
  ];
  if (type && !typeOptions.some((o) => o.value === type))
    typeOptions.push({ value: type, label: sportName(type) });
  const keep = (["userId", "challengeId", "limit"] as const).filter((k) => filters[k]);
  const clearHref = `/activities${keep.length ? `?${new URLSearchParams(keep.map((k) => [k, String(filters[k])]))}` : ""}`;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(page));
    return `?${params}`;
  };
  const viewingOther = Boolean(filters.userId);
  const hydrated = useHydrated();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const chips = filterChips(filters, search);

  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:py-8">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-gray-900">Activities</h1>
          {viewingOther ? null : (
            <div className="flex flex-wrap gap-2">
              <Button to="/activities/heatmap" variant="secondary" size="sm">
                My heatmap
              </Button>
              <Button to="/activities/upload" variant="secondary" size="sm">
                Add activities
              </Button>
            </div>
          )}
        </div>
        {result && viewingOther ? (
          <p className="mt-1 text-gray-600">
            Activities of <span className="font-semibold">{result.owner.username}</span>
            {result.challenge ? (
              <>
                {" "}
                in{" "}
                <Link
                  to={`/challenges/${result.challenge.id}`}
                  className="font-semibold text-brand hover:underline"
                >
                  {result.challenge.title}
                </Link>
              </>
            ) : null}
          </p>
        ) : result?.challenge ? (
          <p className="mt-1 text-gray-600">
            In{" "}
            <Link
              to={`/challenges/${result.challenge.id}`}
              className="font-semibold text-brand hover:underline"
            >
              {result.challenge.title}
            </Link>
          </p>
        ) : null}
      </div>
      {notice}

      {hydrated ? (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm", className: "sm:hidden" })}
          aria-expanded={filtersOpen}
          aria-controls="activity-filters"
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          Filters{chips.length ? ` (${chips.length})` : ""}
        </button>
      ) : null}
      {chips.length ? (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.label}>
              <Link
                to={chip.href}
                aria-label={`Remove filter: ${chip.label}`}
                className="inline-flex items-center gap-1 rounded-full border border-brand-soft bg-brand-tint px-3 py-1 text-sm font-medium text-brand-strong hover:bg-brand-soft"
              >
                {chip.label} <span aria-hidden="true">✕</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      {/* On a phone the list comes first: the filters open from the button (always shown without JavaScript). */}
      <Form
        method="get"
        id="activity-filters"
        className={cardClass({
          padding: "sm",
          className: hydrated && !filtersOpen ? "hidden sm:block" : "",
        })}
        aria-label="Filter activities"
      >
        {keep.map((k) => (
          <input key={k} type="hidden" name={k} value={filters[k]} />
        ))}
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <div className="col-span-2">
            <Field
              label="Search"
              inputProps={{
                name: "search",
                type: "search",
                defaultValue: filters.search ?? "",
                placeholder: "Activity name",
                maxLength: 100,
              }}
            />
          </div>
          <div className="col-span-2 lg:col-span-1">
            <SelectField
              label="Sport"
              selectProps={{ name: "type", defaultValue: type }}
              options={typeOptions}
              placeholder="All sports"
            />
          </div>
          <div className="col-span-2 lg:col-span-1">
            <SelectField
              label="Sort"
              selectProps={{ name: "sort", defaultValue: filters.sort ?? "-startDate" }}
              options={ACTIVITY_SORTS.map((s) => ({ value: s.value, label: s.label }))}
              placeholder="Newest first (default)"
            />
          </div>
          <Field
            label="Min distance (km)"
            inputProps={{
              name: "minDistance",
              type: "number",
              min: 0,
              step: "any",
              inputMode: "decimal",
              defaultValue: filters.minDistance ?? "",
            }}
          />
          <Field
            label="Max distance (km)"
            inputProps={{
              name: "maxDistance",
              type: "number",
              min: 0,
              step: "any",
              inputMode: "decimal",
              defaultValue: filters.maxDistance ?? "",
            }}
          />
          <Field
            label="Min elevation (m)"
            inputProps={{
              name: "minElevation",
              type: "number",
              min: 0,
              step: "any",
              inputMode: "decimal",
              defaultValue: filters.minElevation ?? "",
            }}
          />
          <SelectField
            label="Commute"
            selectProps={{ name: "commute", defaultValue: filters.commute ?? "" }}
            options={[
              { value: "true", label: "Commutes only" },
              { value: "false", label: "Not commutes" },
            ]}
            placeholder="Any"
          />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit">Apply filters</Button>
          <Link to={clearHref} className="text-sm font-medium text-gray-700 hover:underline">
            Clear filters
          </Link>
        </div>
      </Form>

      {error ? <Alert tone="error">{error}</Alert> : null}

      {result ? (
        <section
          aria-labelledby="results-heading"
          aria-busy={busy || undefined}
          className={cardClass({
            padding: "sm",
            className: `transition-opacity ${busy ? "opacity-60" : ""}`,
          })}
        >
          <h2 id="results-heading" className="text-sm font-medium text-gray-600" data-testid="results-count">
            {plural(result.pagination.total, "activity", "activities")}
            {result.pagination.pages > 1
              ? ` · page ${result.pagination.page} of ${formatInt(result.pagination.pages)}`
              : ""}
          </h2>
          {result.activities.length === 0 ? (
            <p className="py-8 text-center text-gray-600">No activities found</p>
          ) : (
            <ActivitiesTable
              activities={result.activities}
              linkToDetail={!viewingOther}
              caption={`Activities, page ${result.pagination.page} of ${formatInt(result.pagination.pages)}`}
            />
          )}
          <div className="mt-4">
            <Pagination page={result.pagination.page} pages={result.pagination.pages} hrefFor={hrefFor} />
          </div>
        </section>
      ) : null}
      <PoweredByStrava />
    </main>
  );
}
