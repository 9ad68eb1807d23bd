/**
 * The Wari fitness–fatigue–form chart on the dashboard (issue 16). The
 * dashboard's loader reads nothing for it and its first-load JavaScript does
 * not grow: after hydration, once the card scrolls into view, it fetches
 * GET /api/wari/fitness and loads the /wari chart component in its own chunk.
 * Without JavaScript it is a link to /wari; members the API refuses (403, not
 * verified) see nothing.
 */
import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import type { FitnessChartData } from "~/modules/wari/ui";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";
import { useHydrated } from "~/ui/hydrated";
import { useNearViewport } from "~/ui/near-viewport";

const FitnessChart = lazy(() => import("~/modules/wari/ui").then((m) => ({ default: m.FitnessChart })));

const API = "/api/wari/fitness";

type State =
  { status: "waiting" | "loading" | "error" | "forbidden" } | { status: "ready"; chart: FitnessChartData };

function WariLink() {
  return (
    <p className="mt-3 text-sm">
      <Link to="/wari" className="font-medium text-brand hover:underline">
        Training plan and fitness on Wari
      </Link>
    </p>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="fitness-heading" className={cardClass({ padding: "sm" })}>
      <h2 id="fitness-heading" className="text-lg font-semibold text-gray-900">
        Fitness, fatigue and form
      </h2>
      {children}
      <WariLink />
    </section>
  );
}

/** The chart's place: it pulses while the data is on its way, and is still until the card is near. */
function Loading({ loading = false }: { loading?: boolean }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading fitness, fatigue and form"
      className={`mt-3 h-72 rounded-lg bg-gray-100 ${loading ? "animate-pulse" : ""}`}
      data-testid="fitness-loading"
    />
  );
}

export function FitnessCard() {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: "waiting" });
  const [attempt, setAttempt] = useState(0);
  const visible = useNearViewport(box, "200px");

  useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    fetch(API, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then(async (res) => {
        if (res.status === 403) return setState({ status: "forbidden" });
        if (!res.ok) throw new Error(`fitness ${res.status}`);
        setState({ status: "ready", chart: (await res.json()) as FitnessChartData });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [visible, attempt]);

  let body: ReactNode;
  if (!hydrated)
    body = (
      <Shell>
        <p className="mt-1 text-sm text-gray-600">
          Your training load, fitness, fatigue and form, with the event day marked, are on the Wari page.
        </p>
      </Shell>
    );
  else if (state.status === "forbidden") body = null;
  else if (state.status === "error")
    body = (
      <Shell>
        <p role="alert" className="mt-3 text-red-700">
          Could not load your fitness, fatigue and form.
        </p>
        <Button className="mt-3" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </Shell>
    );
  else if (state.status === "ready")
    body = (
      <Suspense
        fallback={
          <Shell>
            <Loading loading />
          </Shell>
        }
      >
        <FitnessChart chart={state.chart}>
          <WariLink />
        </FitnessChart>
      </Suspense>
    );
  else
    body = (
      <Shell>
        <Loading loading={state.status === "loading"} />
      </Shell>
    );

  return (
    <div ref={box} hidden={state.status === "forbidden"} data-testid="dashboard-fitness">
      {body}
    </div>
  );
}
