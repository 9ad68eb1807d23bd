/**
 * An ApexCharts chart loaded on the client only, after hydration, in its own
 * chunk (never in the first-load JavaScript), when its box comes within a
 * quarter screen of the viewport and the browser is idle, or once the page has
 * been left alone for a while (issue #17, `useNearViewport`). Its box has a
 * fixed height from the first server-rendered paint, so nothing moves when
 * the chart arrives, and CSS containment, so ApexCharts' measuring lays out
 * only the box (≈ 30 % less main-thread time per render, decision 028); a
 * chart that fails to load or render says 'Error rendering chart'.
 */
import type { ApexOptions } from "apexcharts";
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";

const ApexChart = lazy(() => import("./apex.client"));

export { useHydrated } from "~/ui/hydrated";

/** Off-screen charts wait this long after hydration, then for an idle moment (see below). */
const OFFSCREEN_DELAY_MS = 2000;

/** Runs `run` when the browser is idle (at the latest after `timeout` ms); returns a cancel function. */
function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout });
  return () => cancelIdleCallback(handle);
}

/**
 * True once the chart may start (and stays true): its box has come within
 * `margin` of the viewport (a quarter of a screen by default) and the browser
 * has had an idle moment, so a chart's render never lands in the same burst of
 * work as hydration. A chart that stays off-screen starts anyway once the page
 * has been left alone for OFFSCREEN_DELAY_MS and an idle moment: the member
 * finds it drawn when they scroll, and pages without scrolling (end-to-end
 * tests) see it. ApexCharts renders in one synchronous task (decision 028), so
 * starting late is how that task stays out of the first seconds of a load.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "25% 0px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const start = () => setNear(true);
    if (typeof IntersectionObserver === "undefined") return whenIdle(start, 1000);
    let cancelIdle = () => {};
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        cancelIdle();
        cancelIdle = whenIdle(start, 1000);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    const timer = setTimeout(() => {
      cancelIdle();
      cancelIdle = whenIdle(start, 2000);
    }, OFFSCREEN_DELAY_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      cancelIdle();
    };
  }, [ref, margin, near]);
  return near;
}

class ChartErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: boolean; key: string }
> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // New data or another chart type gets a fresh try.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error("chart failed", error);
  }

  render() {
    if (this.state.failed) {
      return (
        <div
          role="alert"
          className="flex h-full items-center justify-center rounded-lg bg-red-50 text-sm font-medium text-red-800"
        >
          Error rendering chart
        </div>
      );
    }
    return this.props.children;
  }
}

function Placeholder() {
  return (
    <div
      className="h-full w-full animate-pulse rounded-lg bg-gray-100"
      aria-hidden="true"
      data-testid="chart-placeholder"
    />
  );
}

export interface LazyChartProps {
  type: "bar" | "line" | "area";
  series: ApexOptions["series"];
  options: ApexOptions;
  /** Fixed height in pixels, reserved before the chart loads. */
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Changes whenever the data or chart type changes (resets a failed chart). */
  dataKey: string;
  /** The box's test id: pages with two charts tell them apart. */
  testId?: string;
}

export function LazyChart({
  type,
  series,
  options,
  height,
  label,
  dataKey,
  testId = "timeline-chart",
}: LazyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div
      ref={box}
      style={{ height, contain: "size layout style" }}
      className="w-full"
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      {near ? (
        <ChartErrorBoundary resetKey={dataKey}>
          <Suspense fallback={<Placeholder />}>
            <ApexChart
              key={dataKey}
              type={type}
              series={series}
              options={options}
              height={height}
              width="100%"
            />
          </Suspense>
        </ChartErrorBoundary>
      ) : (
        <Placeholder />
      )}
    </div>
  );
}
