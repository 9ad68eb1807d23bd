/**
 * An ApexCharts chart loaded on the client only, after hydration, in its own
 * chunk (never in the first-load JavaScript). Its box has a fixed height from
 * the first server-rendered paint, so nothing moves when the chart arrives; a
 * chart that fails to load or render says 'Error rendering chart'.
 */
import type { ApexOptions } from "apexcharts";
import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";

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
  const hydrated = useHydrated();
  return (
    <div style={{ height }} className="w-full" role="img" aria-label={label} data-testid={testId}>
      {hydrated ? (
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
