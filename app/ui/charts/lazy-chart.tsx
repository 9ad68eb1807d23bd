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
 * chart that fails to load or render says 'Error rendering chart'. The chart's
 * options get the app's shared habits in that chunk (`chartOptions`, ./options.ts).
 */
import type { ApexOptions } from "apexcharts";
import { Component, lazy, Suspense, useRef, type ReactNode } from "react";
import { useNearViewport } from "~/ui/near-viewport";

const ApexChart = lazy(() => import("./apex.client"));

export { useHydrated } from "~/ui/hydrated";

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
  /** The days a datetime x axis spans, when its options give no min and max (picks day or month ticks). */
  spanDays?: number;
}

export function LazyChart({
  type,
  series,
  options,
  height,
  label,
  dataKey,
  testId = "timeline-chart",
  spanDays,
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
              spanDays={spanDays}
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
