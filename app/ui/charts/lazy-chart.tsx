/**
 * An ApexCharts chart loaded on the client only, after hydration, in its own
 * chunk (never in the first-load JavaScript), when its box comes within one
 * screen height of the viewport or the browser is idle after hydration
 * (issue #17, `useNearViewport`). Its box has a fixed height
 * from the first server-rendered paint, so nothing moves when the chart
 * arrives; a chart that fails to load or render says 'Error rendering chart'.
 */
import type { ApexOptions } from "apexcharts";
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from "react";

const ApexChart = lazy(() => import("./apex.client"));

const noop = () => () => {};
/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/**
 * True once the element has come within `margin` (default: one screen height) of the
 * viewport, or once the browser is idle after hydration, whichever comes first (and
 * stays true). A chart on the first screen starts at once; one further down waits
 * until hydration and the page's own work are done, so it never delays the first
 * interaction (decision 028 says why it does not wait for a scroll).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "100% 0px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    const idle =
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(() => setNear(true), { timeout: 3000 })
        : undefined;
    return () => {
      observer.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
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
    <div ref={box} style={{ height }} className="w-full" role="img" aria-label={label} data-testid={testId}>
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
