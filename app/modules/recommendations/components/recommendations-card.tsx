import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ComponentErrorBoundary } from "~/ui/error-boundary";
import { useToast } from "~/ui/toast";
import { DASHBOARD_PENDING_LIMIT, TOASTS, type Recommendation } from "../constants";
import { RecommendationItem } from "./recommendation-item";
import { Card as Panel } from "~/ui/card";
import { buttonClass } from "~/ui/button";

const PENDING_URL = "/api/recommendations?status=pending";
const GENERATE_URL = "/api/recommendations/generate";

/** An /api answer through a fetcher: the list on success, {message} on a non-2xx answer. */
type Answer = Recommendation[] | { message: string };
const failed = (answer: Answer | undefined): answer is { message: string } =>
  answer !== undefined && !Array.isArray(answer);

function Skeletons() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading recommendations"
      className="mt-4 space-y-4"
      data-testid="recommendations-loading"
    >
      {[0, 1].map((i) => (
        <div key={i} className="animate-pulse space-y-2">
          <div className="h-4 w-2/3 rounded bg-gray-200" />
          <div className="h-3 w-1/3 rounded bg-gray-200" />
          <div className="h-3 w-1/2 rounded bg-gray-200" />
        </div>
      ))}
    </div>
  );
}

function Card() {
  const list = useFetcher<Answer>({ key: "recommendations-card-pending" });
  const generate = useFetcher<Answer>({ key: "recommendations-card-generate" });
  const toast = useToast();
  const { load } = list;

  useEffect(() => {
    load(PENDING_URL);
  }, [load]);

  // One toast per answer: the load failure, and the generate outcome.
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (list.state === "idle" && failed(list.data) && shown.current !== list.data) {
      shown.current = list.data;
      toast({ ...TOASTS.loadFailed, variant: "destructive" });
    }
  }, [list.state, list.data, toast]);
  useEffect(() => {
    if (generate.state !== "idle" || generate.data === undefined || shown.current === generate.data) return;
    shown.current = generate.data;
    if (failed(generate.data))
      toast({ ...TOASTS.generateFailed, description: generate.data.message, variant: "destructive" });
    // On success the submission has already revalidated the list fetcher (Remix revalidates loaded fetchers).
    else toast({ ...TOASTS.generated, variant: "success" });
  }, [generate.state, generate.data, toast]);

  const generating = generate.state !== "idle";
  const items = Array.isArray(list.data) ? list.data : null;

  return (
    <Panel
      aria-labelledby="recommendations-heading"
      as="section"
      padding="sm"
      data-testid="recommendations-card"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="recommendations-heading" className="text-lg font-semibold text-gray-900">
          Workout Recommendations
        </h2>
        {items && items.length > 0 ? (
          <span
            className="shrink-0 whitespace-nowrap rounded-full bg-brand-tint px-2.5 py-0.5 text-xs font-semibold text-brand"
            data-testid="recommendations-available"
          >
            {items.length} Available
          </span>
        ) : null}
      </div>

      {failed(list.data) ? (
        <div className="mt-3 space-y-3">
          <p role="alert" className="text-sm text-red-700">
            {TOASTS.loadFailed.description}
          </p>
          <button
            type="button"
            onClick={() => load(PENDING_URL)}
            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            Try again
          </button>
        </div>
      ) : items === null ? (
        <>
          <Skeletons />
          <noscript>
            <p className="mt-3 text-sm">
              <a href="/recommendations" className="font-medium text-brand underline">
                View your workout recommendations
              </a>
            </p>
          </noscript>
        </>
      ) : items.length === 0 ? (
        <div className="mt-3 space-y-3">
          <p className="text-gray-600">You don&apos;t have any workout recommendations yet.</p>
          <button
            type="button"
            disabled={generating}
            aria-busy={generating || undefined}
            onClick={() =>
              generate.submit(
                { targetImprovement: "general" },
                { method: "post", action: GENERATE_URL, encType: "application/json" },
              )
            }
            className={buttonClass({ className: "text-sm disabled:cursor-wait disabled:opacity-70" })}
          >
            {generating ? "Generating..." : "Generate Recommendations"}
          </button>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-gray-100">
            {items.slice(0, DASHBOARD_PENDING_LIMIT).map((r) => (
              <RecommendationItem key={r.id} recommendation={r} />
            ))}
          </ul>
          <Link
            to="/recommendations"
            className="mt-4 inline-flex w-full items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
          >
            View All
          </Link>
        </>
      )}
    </Panel>
  );
}

/**
 * The dashboard's Workout Recommendations card (spec part 1 §2): loads the
 * member's pending recommendations on the client (skeletons meanwhile);
 * none: a message and Generate Recommendations (general); otherwise
 * 'N Available', at most 2, and View All.
 */
export function RecommendationsCard() {
  return (
    <ComponentErrorBoundary name="Workout Recommendations">
      <Card />
    </ComponentErrorBoundary>
  );
}
