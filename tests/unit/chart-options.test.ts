import { describe, expect, it } from "vitest";
import {
  chartOptions,
  dateTick,
  dateTooltip,
  mergeOptions,
  wholeLabel,
  wholeTicks,
} from "~/ui/charts/options";
import { CHART_RANGES, DEFAULT_CHART_RANGE, inWindow, rangeWindow } from "~/ui/charts/range";

const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("the shared chart options (issue #37 item 6)", () => {
  it("write value axes as whole, grouped numbers with their unit", () => {
    expect(wholeLabel()(2000)).toBe("2,000");
    expect(wholeLabel()(-200.4)).toBe("-200");
    expect(wholeLabel("km")(1234.56)).toBe("1,235 km");
    expect(wholeLabel()("12.6")).toBe("13");
    expect(wholeLabel()(Number.NaN)).toBe("");
  });

  it("step whole-number axes so no two ticks share a label", () => {
    expect(wholeTicks(3)).toEqual({ min: 0, max: 3, tickAmount: 3, forceNiceScale: false });
    expect(wholeTicks(7)).toEqual({ min: 0, max: 8, tickAmount: 4, forceNiceScale: false });
    expect(wholeTicks(23)).toEqual({ min: 0, max: 25, tickAmount: 5, forceNiceScale: false });
    expect(wholeTicks(98_000, 4)).toEqual({ min: 0, max: 100_000, tickAmount: 2, forceNiceScale: false });
    expect(wholeTicks(0)).toEqual({ min: 0, max: 1, tickAmount: 1, forceNiceScale: false });
    for (const max of [1, 2, 5, 9, 11, 49, 120, 999]) {
      const t = wholeTicks(max);
      expect(t.max).toBeGreaterThanOrEqual(max);
      expect(t.tickAmount).toBeLessThanOrEqual(5);
      expect(Number.isInteger(t.max / t.tickAmount)).toBe(true);
    }
  });

  it("write date ticks through app/lib/format: days on short spans, months on long ones", () => {
    expect(dateTick(at("2026-03-04"), 42)).toBe("4 Mar");
    expect(dateTick(at("2026-03-01"), 365)).toBe("Mar 2026");
    expect(dateTooltip(at("2025-06-07"))).toBe("7 Jun 2025");
    expect(dateTick(Number.NaN, 42)).toBe("");
  });

  it("merge a chart's own options over the habits, key by key", () => {
    expect(mergeOptions({ a: { b: 1, c: 2 }, d: [1] }, { a: { c: 3 }, d: [2], e: undefined })).toEqual({
      a: { b: 1, c: 3 },
      d: [2],
    });
    const options = chartOptions({ chart: { id: "x" }, colors: ["#000"], legend: { show: false } });
    expect(options.chart).toMatchObject({
      id: "x",
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
    });
    expect(options.colors).toEqual(["#000"]);
    expect(options.legend).toMatchObject({ show: false, position: "bottom", fontSize: "12px" });
    expect(options.dataLabels).toEqual({ enabled: false });
    expect(options.xaxis?.labels).toMatchObject({ rotate: 0, hideOverlappingLabels: true });
  });

  it("give every value axis whole numbers, one axis or several", () => {
    const one = chartOptions({ yaxis: { min: 0 } });
    expect(one.yaxis).toMatchObject({ min: 0, decimalsInFloat: 0, forceNiceScale: true });
    const format = (one.yaxis as ApexYAxis).labels!.formatter!;
    expect(format(1999.6)).toBe("2,000");
    const two = chartOptions({ yaxis: [{ show: false }, { seriesName: "Fitness" }] }).yaxis as ApexYAxis[];
    expect(two).toHaveLength(2);
    expect(two[0]).toMatchObject({ show: false, decimalsInFloat: 0 });
    expect(two[1]!.labels!.formatter!(12.5)).toBe("13");
    // Horizontal bars name their categories on the y axis: no number formatter there.
    const bars = chartOptions({ plotOptions: { bar: { horizontal: true } } }).yaxis as ApexYAxis;
    expect(bars.labels!.formatter).toBeUndefined();
    expect(bars.decimalsInFloat).toBe(0);
    // A chart's own formatter wins.
    const own = chartOptions({ yaxis: { labels: { formatter: () => "own" } } }).yaxis as ApexYAxis;
    expect(own.labels!.formatter!(1)).toBe("own");
  });

  it("write a datetime axis's ticks and tooltip dates through app/lib/format, by the axis's span", () => {
    const short = chartOptions({ xaxis: { type: "datetime", min: at("2026-10-01"), max: at("2026-11-12") } });
    const tick = short.xaxis!.labels!.formatter as (v: string, ts?: number) => string;
    expect(tick("", at("2026-10-05"))).toBe("5 Oct");
    expect(short.xaxis!.labels!.datetimeUTC).toBe(true);
    expect((short.tooltip!.x!.formatter as (v: number) => string)(at("2026-10-05"))).toBe("5 Oct 2026");
    const long = chartOptions({ xaxis: { type: "datetime" } }, { spanDays: 365 });
    expect((long.xaxis!.labels!.formatter as (v: string, ts?: number) => string)("", at("2026-10-01"))).toBe(
      "Oct 2026",
    );
    // Category axes keep ApexCharts' own labels.
    expect(chartOptions({ xaxis: { categories: ["a"] } }).xaxis!.labels!.formatter).toBeUndefined();
  });
});

describe("chart ranges", () => {
  const frame = { from: "2024-11-28", to: "2026-11-28" };

  it("offers 6 weeks, 3 months, 1 year and all, 3 months first chosen", () => {
    expect(CHART_RANGES.map((r) => r.label)).toEqual(["6 weeks", "3 months", "1 year", "All"]);
    expect(DEFAULT_CHART_RANGE).toBe("3m");
  });

  it("end today and start the range's length before", () => {
    expect(rangeWindow("6w", frame)).toEqual({ min: at("2026-10-17"), max: at("2026-11-28") });
    expect(rangeWindow("3m", frame)).toEqual({ min: at("2026-08-28"), max: at("2026-11-28") });
    expect(rangeWindow("1y", frame)).toEqual({ min: at("2025-11-28"), max: at("2026-11-28") });
    expect(rangeWindow("all", frame)).toEqual({ min: at("2024-11-28"), max: at("2026-11-28") });
  });

  it("never start before the data", () => {
    expect(day(rangeWindow("1y", { from: "2026-09-01", to: "2026-11-28" }).min)).toBe("2026-09-01");
  });

  it("bring an event ahead into view when it is within the range's length, never a past one", () => {
    const soon = rangeWindow("3m", { ...frame, marker: "2026-12-20" });
    expect(day(soon.max)).toBe("2026-12-23");
    expect(inWindow("2026-12-20", soon)).toBe(true);
    const far = rangeWindow("6w", { ...frame, marker: "2027-06-05" });
    expect(day(far.max)).toBe("2026-11-28");
    expect(inWindow("2027-06-05", far)).toBe(false);
    const past = rangeWindow("3m", { ...frame, marker: "2025-06-07" });
    expect(day(past.max)).toBe("2026-11-28");
    expect(inWindow("2025-06-07", past)).toBe(false);
    expect(inWindow("2025-06-07", rangeWindow("all", { ...frame, marker: "2025-06-07" }))).toBe(true);
    expect(day(rangeWindow("all", { ...frame, marker: "2027-06-05" }).max)).toBe("2027-06-12");
  });
});

describe("small counts on a value axis", () => {
  it("step by whole numbers when every value is between 0 and 10", () => {
    const y = chartOptions(
      { yaxis: { min: 0 } },
      {
        series: [
          {
            name: "h",
            data: [
              [1, 0.4],
              [2, 0.8],
            ],
          },
        ],
      },
    ).yaxis as ApexYAxis;
    expect(y).toMatchObject({ min: 0, max: 1, tickAmount: 1, forceNiceScale: false });
    const points = chartOptions(
      {},
      {
        series: [
          {
            name: "n",
            data: [
              { x: 1, y: 3 },
              { x: 2, y: 7 },
            ],
          },
        ],
      },
    ).yaxis as ApexYAxis;
    expect(points).toMatchObject({ max: 8, tickAmount: 4 });
  });

  it("leave larger values, negative values and a chart's own scale to the nice scale", () => {
    expect(
      (chartOptions({}, { series: [{ name: "km", data: [5, 120] }] }).yaxis as ApexYAxis).max,
    ).toBeUndefined();
    expect(
      (chartOptions({}, { series: [{ name: "form", data: [-3, 4] }] }).yaxis as ApexYAxis).max,
    ).toBeUndefined();
    expect(
      (chartOptions({ yaxis: { max: 50 } }, { series: [{ name: "n", data: [1, 2] }] }).yaxis as ApexYAxis)
        .max,
    ).toBe(50);
  });
});

describe("date ticks and the legend on a phone", () => {
  it("space a datetime axis's ticks by its span, twice as many on a wide screen", () => {
    const six = { xaxis: { type: "datetime", min: at("2026-10-17"), max: at("2026-11-28") } } as const;
    expect(chartOptions(six).xaxis!.tickAmount).toBe(3);
    expect(chartOptions(six, { wide: true }).xaxis!.tickAmount).toBe(6);
    expect(chartOptions({ xaxis: { type: "datetime" } }, { spanDays: 365 }).xaxis!.tickAmount).toBe(4);
    expect(
      chartOptions({ xaxis: { type: "datetime" } }, { spanDays: 365, wide: true }).xaxis!.tickAmount,
    ).toBe(8);
    expect(
      chartOptions({ xaxis: { type: "datetime", tickAmount: 2 } }, { spanDays: 365 }).xaxis!.tickAmount,
    ).toBe(2);
  });

  it("keep the legend one group, not a column per y axis", () => {
    expect(chartOptions({ yaxis: [{}, {}] }).legend).toMatchObject({ clusterGroupedSeries: false });
  });
});
