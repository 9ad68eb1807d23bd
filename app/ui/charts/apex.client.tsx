// Browser-only: Remix leaves `.client` modules out of the server build, so
// ApexCharts never reaches the Worker. Imported lazily by lazy-chart.tsx.
// Every chart's options get the shared habits here (./options.ts, issue #37
// item 6), so the helper is in this lazily loaded chunk too, not in a page's
// first-load JavaScript.
import { useMemo, type ComponentProps } from "react";
import ReactApexChart from "react-apexcharts";
import { chartOptions, WIDE_SCREEN_PX } from "./options";

export default function ApexChart({
  options,
  spanDays,
  ...props
}: ComponentProps<typeof ReactApexChart> & { spanDays?: number }) {
  const withHabits = useMemo(
    () =>
      chartOptions(options ?? {}, {
        spanDays,
        series: props.series,
        // Drawn in the browser only (after hydration), so the screen's width is known.
        wide: window.matchMedia(`(min-width: ${WIDE_SCREEN_PX}px)`).matches,
      }),
    [options, spanDays, props.series],
  );
  return <ReactApexChart {...props} options={withHabits} />;
}
