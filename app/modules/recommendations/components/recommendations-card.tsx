import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useNearViewport } from "~/ui/near-viewport";
import { ComponentErrorBoundary } from "~/ui/error-boundary";
import { useToast } from "~/ui/toast";
import { DASHBOARD_PENDING_LIMIT, TOASTS, type Recommendation } from "../constants";
import { RecommendationItem } from "./recommendation-item";
import { cardClass } from "~/ui/card";
import { buttonClass } from "~/ui/button";
import { formatInt } from "~/lib/format";

const PENDING_URL = "/api/recommendations?status=pending";
const GENERATE_URL = "/api/recommendations/generate";

/** The message of a non-2xx /api answer, or a general one (no JSON, no network). */
async function messageOf(res: Response | null): Promise<string> {
  const body = res ? ((await res.json().catch(() => null)) as { message?: string } | null) : null;
  return body?.message ?? "Check your connection and try again.";
}

/** Two placeholder items: they pulse while the list is on its way, and are still until the card is near. */
function Skeletons({ loading }: { loading: boolean }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading recommendations"
      className="mt-4 space-y-4"
      data-testid="recommendations-loading"
    >
      {[0, 1].map((i) => (
        <div key={i} className={`space-y-2 ${loading ? "animate-pulse" : ""}`}>
          <div className="h-4 w-2/3 rounded bg-gray-200" />
          <div className="h-3 w-1/3 rounded bg-gray-200" />
          <div className="h-3 w-1/2 rounded bg-gray-200" />
        </div>
      ))}
    </div>
  );
}

// Plain fetches, not fetchers: a fetcher that cannot reach the server (a phone
// losing its signal) throws to the route's error boundary and takes the whole
// dashboard with it; here it only marks this card. The list is fetched once the
// card comes near the viewport (on a phone it is far below the first screen), so
// a page load does not spend a request and a render on it (decision 028).
function Card() {
  const toast = useToast();
  const box = useRef<HTMLElement>(null);
  const near = useNearViewport(box, "200px");
  const [items, setItems] = useState<Recommendation[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [generating, setGenerating] = useState(false);

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    setLoadFailed(false);
    fetch(PENDING_URL, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(await messageOf(res));
        setItems((await res.json()) as Recommendation[]);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setLoadFailed(true);
        toast({ ...TOASTS.loadFailed, variant: "destructive" });
      });
    return () => controller.abort();
  }, [near, attempt, toast]);

  async function generate() {
    setGenerating(true);
    try {
      const res = await fetch(GENERATE_URL, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ targetImprovement: "general" }),
      }).catch(() => null);
      if (res?.ok) {
        toast({ ...TOASTS.generated, variant: "success" });
        setAttempt((n) => n + 1);
      } else {
        toast({ ...TOASTS.generateFailed, description: await messageOf(res), variant: "destructive" });
      }
    } finally {
      setGenerating(false);
    }
  }

  return (
    <section
      ref={box}
      aria-labelledby="recommendations-heading"
      className={cardClass({ padding: "sm" })}
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
            {formatInt(items.length)} Available
          </span>
        ) : null}
      </div>

      {loadFailed ? (
        <div className="mt-3 space-y-3">
          <p role="alert" className="text-sm text-red-700">
            {TOASTS.loadFailed.description}
          </p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            Try again
          </button>
        </div>
      ) : items === null ? (
        <>
          <Skeletons loading={near} />
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
            onClick={generate}
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
    </section>
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
