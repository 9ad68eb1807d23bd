/**
 * /activities/heatmap (issue #40): every route of the member drawn together
 * as server-rendered SVG, darker where more routes share a road; filters by
 * sport and year in a plain GET form (works without JavaScript).
 */
import { Form, Link } from "@remix-run/react";
import { formatInt, sportName } from "~/lib/format";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";
import type { HeatmapData } from "../page.server";
import { MapTiles } from "./map-tiles";

/** Once, 2–4 times, 5 times or more: brighter and wider the more routes share a stretch. */
const LAYER_STYLE = [
  { colour: "#fb923c", opacity: 0.55, width: 1.5 },
  { colour: "#fdba74", opacity: 0.8, width: 2 },
  { colour: "#fef3c7", opacity: 1, width: 2.5 },
];

const selectClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand";

export function HeatmapPage({ data }: { data: HeatmapData }) {
  const { filters, choices, map, tiles, attribution } = data;
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:py-8">
      <Link to="/activities" className="text-sm font-medium text-brand hover:underline">
        ← Back to Activities
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">My heatmap</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Heatmap filters">
        <label className="min-w-40 flex-1 text-sm font-medium text-gray-700">
          Sport
          <select name="sport" defaultValue={filters.sport ?? ""} className={selectClass}>
            <option value="">All sports</option>
            {choices.sports.map((s) => (
              <option key={s} value={s}>
                {sportName(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-32 flex-1 text-sm font-medium text-gray-700">
          Year
          <select name="year" defaultValue={filters.year ? String(filters.year) : ""} className={selectClass}>
            <option value="">All years</option>
            {choices.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm">
          Show
        </Button>
      </Form>
      <section className={cardClass({ padding: "sm", className: "space-y-2" })} aria-label="Heatmap">
        {map ? (
          <>
            <svg
              viewBox={`0 0 ${map.width} ${map.height}`}
              className="h-auto w-full rounded-lg bg-slate-900"
              role="img"
              aria-labelledby="heatmap-title"
              aria-describedby="heatmap-desc"
              data-testid="heatmap"
              data-routes={map.routes}
            >
              <title id="heatmap-title">{`Heatmap of ${formatInt(map.routes)} routes`}</title>
              <desc id="heatmap-desc">
                {`Every route drawn together; brighter lines are roads taken more often. Scale bar: ${map.scale.label}${attribution ? `. Over a map: ${attribution}` : ""}.`}
              </desc>
              <MapTiles tiles={tiles} testId="heatmap-tiles">
                {/* Dimmed, so the bright routes read over any map. */}
                <rect width={map.width} height={map.height} fill="#0f172a" fillOpacity={0.55} />
              </MapTiles>
              {/* The layers are drawn in grid cells, scaled to the map; their strokes keep their width in pixels. */}
              <g transform={`translate(${map.cell / 2} ${map.cell / 2}) scale(${map.cell})`}>
                {map.layers.map((layer, i) =>
                  layer.path ? (
                    <path
                      key={layer.routes}
                      d={layer.path}
                      fill="none"
                      stroke={LAYER_STYLE[i]!.colour}
                      strokeOpacity={LAYER_STYLE[i]!.opacity}
                      strokeWidth={LAYER_STYLE[i]!.width}
                      strokeLinecap="round"
                      vectorEffect="non-scaling-stroke"
                    />
                  ) : null,
                )}
              </g>
              <g transform={`translate(16 ${map.height - 14})`}>
                <path d={`M0 -6V0H${map.scale.px}V-6`} fill="none" stroke="#e5e7eb" strokeWidth={2} />
                <text x={map.scale.px + 6} y={0} fontSize={13} fill="#e5e7eb">
                  {map.scale.label}
                </text>
              </g>
              {attribution ? (
                <text
                  x={map.width - 6}
                  y={map.height - 6}
                  textAnchor="end"
                  fontSize={11}
                  fill="#e5e7eb"
                  data-testid="heatmap-attribution"
                >
                  {attribution}
                </text>
              ) : null}
            </svg>
            <p className="text-sm text-gray-600">
              {formatInt(map.routes)} {map.routes === 1 ? "route" : "routes"}. Brighter lines: roads you took
              more often.
            </p>
          </>
        ) : (
          <p className="text-gray-600" data-testid="heatmap-none">
            No routes to draw{filters.sport || filters.year ? " for these filters" : " yet"}. Activities with
            a GPS track appear here.
          </p>
        )}
      </section>
    </main>
  );
}
