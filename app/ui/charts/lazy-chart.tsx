/**
 * An ApexCharts chart loaded on the client only, after hydration, in its own
 * chunk (never in the first-load JavaScript), when its box comes within a
 * quarter screen of the viewport and the browser is idle (issue #17,
 * `useNearViewport`); a chart that is never scrolled near is never drawn.
 * Until then the box shows a placeholder of the same size with the chart's
 * name (the box is a labelled image for screen readers either way). Its box
 * has a fixed height from the first server-rendered paint, so nothing moves
 * when the chart arrives, and CSS containment, so ApexCharts' measuring lays
 * out only the box (≈ 30 % less main-thread time per render, decision 028); a
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
 * work as hydration. ApexCharts renders in one synchronous task (decision 028):
 * a chart below the fold starts only when the member scrolls towards it, so a
 * page load (and Lighthouse's trace of it) runs no chart that nobody sees.
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
        cancelIdle = whenIdle(start, 1000);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
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

/** The box before the chart: its size, and the chart's name in view (the box itself is labelled for screen readers). */
function Placeholder({ label }: { label: string }) {
  return (
    <div
      className="flex h-full w-full items-center justify-center rounded-lg bg-gray-100 p-4"
      aria-hidden="true"
      data-testid="chart-placeholder"
    >
      <p className="line-clamp-3 max-w-prose text-center text-sm text-gray-600">{label}</p>
    </div>
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
          <Suspense fallback={<Placeholder label={label} />}>
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
        <Placeholder label={label} />
      )}
    </div>
  );
}
