/**
 * The track of /activities/{id} (issue #40): the route as server-rendered SVG
 * (start and finish marked, a scale bar; no JavaScript), the per-km splits as
 * a table, and the elevation, speed and heart-rate profiles (ApexCharts,
 * loaded lazily like every chart). With a basemap, an interactive map on demand
 * (interactive-map.tsx). Manual entries and tracks without GPS say so.
 */
import type { ApexOptions } from "apexcharts";
import { LazyChart } from "~/ui/charts/lazy-chart";
import { InteractiveMap } from "./interactive-map";
import { MapTiles } from "./map-tiles";
import { cardClass } from "~/ui/card";
import { BRAND } from "~/ui/brand";
import { formatClock, formatElevation, formatInt, formatNumber, formatPace, formatSpeed } from "~/lib/format";
import { dashboardSportOf } from "~/modules/sports/sports";
import type { ActivityDetailData } from "../page.server";

type Data = { data: ActivityDetailData };

const START_COLOUR = "#15803d";
const FINISH_COLOUR = "#b91c1c";

/** Why there is no map. */
function noMapText({ activity: a, track }: ActivityDetailData): string {
  if (track.notShared) return "The route is private to its owner.";
  if (a.manual) return "This is a manual entry: it has no route, splits or profile.";
  if (a.trainer || a.sportType.startsWith("Virtual")) return "This activity has no GPS track (indoor).";
  return "This activity has no GPS track.";
}

export function RouteSection({ data }: Data) {
  const { map, hiddenMetres } = data.track;
  return (
    <section aria-labelledby="route-heading" className={cardClass({ padding: "sm", className: "space-y-3" })}>
      <h2 id="route-heading" className="text-lg font-semibold text-gray-900">
        Route
      </h2>
      {map ? (
        <>
          <svg
            viewBox={`0 0 ${map.width} ${map.height}`}
            className="h-auto w-full rounded-lg bg-slate-50"
            role="img"
            aria-labelledby="route-title"
            aria-describedby="route-desc"
            data-testid="route-map"
          >
            <title id="route-title">{`Route map of ${data.activity.name}`}</title>
            <desc id="route-desc">
              {`The route drawn from its start (green circle) to its finish (red square), with a ${map.scale.label} scale bar${map.attribution ? `, over a map: ${map.attribution}` : ""}.`}
            </desc>
            <MapTiles tiles={map.tiles} testId="route-tiles">
              {/* The track's white casing, so it reads over any map. */}
              <path
                d={map.path}
                fill="none"
                stroke="#fff"
                strokeWidth={6}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </MapTiles>
            <path
              d={map.path}
              fill="none"
              stroke={BRAND.DEFAULT}
              strokeWidth={3}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
            <circle
              cx={map.start[0]}
              cy={map.start[1]}
              r={7}
              fill={START_COLOUR}
              stroke="#fff"
              strokeWidth={2}
            />
            <rect
              x={map.finish[0] - 6}
              y={map.finish[1] - 6}
              width={12}
              height={12}
              fill={FINISH_COLOUR}
              stroke="#fff"
              strokeWidth={2}
            />
            <g transform={`translate(16 ${map.height - 14})`} data-testid="route-scale">
              <path d={`M0 -6V0H${map.scale.px}V-6`} fill="none" stroke="#374151" strokeWidth={2} />
              <text x={map.scale.px + 6} y={0} fontSize={13} fill="#374151">
                {map.scale.label}
              </text>
            </g>
            {map.attribution ? (
              <text
                x={map.width - 6}
                y={map.height - 6}
                textAnchor="end"
                fontSize={11}
                fill="#374151"
                stroke="#fff"
                strokeWidth={3}
                paintOrder="stroke"
                data-testid="route-attribution"
              >
                {map.attribution}
              </text>
            ) : null}
          </svg>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
            <span>
              <span aria-hidden="true" style={{ color: START_COLOUR }}>
                ●
              </span>{" "}
              Start
            </span>
            <span>
              <span aria-hidden="true" style={{ color: FINISH_COLOUR }}>
                ■
              </span>{" "}
              Finish
            </span>
            {hiddenMetres > 0 ? (
              <span>{`The first and last ${formatInt(hiddenMetres)} m are hidden.`}</span>
            ) : null}
          </p>
          {data.track.interactive ? (
            <InteractiveMap
              polyline={data.track.interactive.polyline}
              tiles={data.track.interactive.tiles}
              label={`Interactive map of ${data.activity.name}: arrow keys pan, plus and minus zoom`}
              startColour={START_COLOUR}
              finishColour={FINISH_COLOUR}
            />
          ) : null}
        </>
      ) : (
        <p className="text-gray-600" data-testid="route-none">
          {noMapText(data)}
        </p>
      )}
    </section>
  );
}

/** Pace for runs, walks and hikes; speed for the rest. */
function splitPace(sportType: string, distance: number, seconds: number) {
  const sport = dashboardSportOf(sportType);
  if (sport === "Run" || sport === "Walk" || sport === "Hike")
    return { label: "Pace", value: formatPace(distance, seconds) };
  if (sport === "Swim") return { label: "Pace", value: formatPace(distance, seconds, "100 m") };
  return { label: "Speed", value: seconds > 0 ? formatSpeed(distance / seconds) : "—" };
}

export function SplitsSection({ data }: Data) {
  const { splits } = data.track;
  const a = data.activity;
  if (splits.length === 0 && !data.stravaDetailNote) return null;
  const label = splitPace(a.sportType, 1000, 1).label;
  return (
    <section
      aria-labelledby="splits-heading"
      className={cardClass({ padding: "sm", className: "space-y-3" })}
    >
      <h2 id="splits-heading" className="text-lg font-semibold text-gray-900">
        Splits
      </h2>
      {data.stravaDetailNote ? <p className="text-sm text-gray-600">{data.stravaDetailNote}</p> : null}
      {splits.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-right text-sm tabular-nums" data-testid="splits">
            <caption className="sr-only">
              Time, {label.toLowerCase()}, climb and heart rate for each kilometre
            </caption>
            <thead className="text-gray-500">
              <tr>
                <th scope="col" className="py-1 pr-2 text-left font-medium">
                  Km
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  Time
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  {label}
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  Climb
                </th>
                <th scope="col" className="py-1 pl-2 font-medium">
                  Avg HR
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 text-gray-900">
              {splits.map((s) => (
                <tr key={s.km}>
                  <th scope="row" className="py-1 pr-2 text-left font-medium">
                    {s.distance < 999.5 ? formatNumber(s.km - 1 + s.distance / 1000, 2) : s.km}
                  </th>
                  <td className="px-2 py-1">{formatClock(s.movingTime)}</td>
                  <td className="px-2 py-1">{splitPace(a.sportType, s.distance, s.movingTime).value}</td>
                  <td className="px-2 py-1">{formatElevation(s.elevationGain)}</td>
                  <td className="py-1 pl-2">
                    {s.averageHeartrate == null ? "—" : formatInt(s.averageHeartrate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

const PROFILE_HEIGHT = 180;

function profileChart(name: string, unit: string, xs: number[], ys: (number | null)[], colour: string) {
  const options: ApexOptions = {
    colors: [colour],
    stroke: { width: 2, curve: "straight" },
    xaxis: {
      type: "numeric",
      title: { text: "km" },
      tickAmount: 6,
      labels: { formatter: (v: string) => formatNumber(Number(v)) },
    },
    yaxis: { title: { text: unit }, labels: { formatter: (v: number) => formatInt(v) } },
    tooltip: { x: { formatter: (v: number) => `${formatNumber(v, 2)} km` } },
  };
  return {
    // Points without a value are left out (ApexCharts joins across them).
    series: [{ name, data: xs.flatMap((x, i) => (ys[i] == null ? [] : [[x, ys[i]!]])) }],
    options,
  };
}

export function ProfileSection({ data }: Data) {
  const p = data.track.profile;
  if (!p || p.distance.length < 2) return null;
  const charts = [
    {
      key: "elevation",
      name: "Elevation",
      unit: "m",
      ys: p.elevation,
      colour: "#6b7280",
      type: "area" as const,
    },
    { key: "speed", name: "Speed", unit: "km/h", ys: p.speed, colour: BRAND.DEFAULT, type: "line" as const },
    {
      key: "heartrate",
      name: "Heart rate",
      unit: "bpm",
      ys: p.heartrate,
      colour: "#dc2626",
      type: "line" as const,
    },
  ].filter((c) => c.ys.some((v) => v != null));
  if (charts.length === 0) return null;
  const km = p.distance[p.distance.length - 1]!;
  return (
    <section
      aria-labelledby="profile-heading"
      className={cardClass({ padding: "sm", className: "space-y-4" })}
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
        Profile
      </h2>
      {charts.map((c) => {
        const chart = profileChart(c.name, c.unit, p.distance, c.ys, c.colour);
        return (
          <div key={c.key}>
            <h3 className="text-sm font-medium text-gray-700">{c.name}</h3>
            <LazyChart
              type={c.type}
              series={chart.series}
              options={chart.options}
              height={PROFILE_HEIGHT}
              label={`${c.name} (${c.unit}) over ${formatNumber(km)} km`}
              dataKey={`${data.activity.id}-${c.key}`}
              testId={`profile-${c.key}`}
            />
          </div>
        );
      })}
    </section>
  );
}
