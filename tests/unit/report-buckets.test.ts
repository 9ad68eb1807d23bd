import { describe, expect, it } from "vitest";
import {
  activityCountBuckets,
  buckets,
  distanceBuckets,
  distanceQuantiles,
  quantileBuckets,
} from "~/modules/admin/reports.server";

describe("report buckets", () => {
  it("put members in 50 km steps by total distance, boundaries in the upper bucket, empty steps kept", () => {
    expect(
      distanceBuckets([
        { totalDistanceKm: 0 },
        { totalDistanceKm: 49.9 },
        { totalDistanceKm: 50 },
        { totalDistanceKm: 160 },
      ]),
    ).toEqual([
      { label: "0-50 km", members: 2 },
      { label: "50-100 km", members: 1 },
      { label: "100-150 km", members: 0 },
      { label: "150-200 km", members: 1 },
    ]);
  });

  it("put members in steps of 10 activities", () => {
    expect(
      activityCountBuckets([{ totalActivities: 9 }, { totalActivities: 10 }, { totalActivities: 11 }]),
    ).toEqual([
      { label: "0-10", members: 1 },
      { label: "10-20", members: 2 },
    ]);
  });

  it("gather everything past the twelfth step in one open-ended bucket", () => {
    const result = activityCountBuckets([
      { totalActivities: 5 },
      { totalActivities: 119 },
      { totalActivities: 520 },
    ]);
    expect(result).toHaveLength(12);
    expect(result[11]).toEqual({ label: "110+", members: 2 });
  });

  it("answer nothing for no members", () => {
    expect(buckets([], 10, "")).toEqual([]);
  });
});

describe("quantile buckets for the Distance Distribution chart (issue #20 item 8)", () => {
  it("spread a community that 50 km steps put in one bar", () => {
    // 45 members: 42 under 50 km, three far beyond.
    const rows = [
      ...Array.from({ length: 42 }, (_, i) => ({ totalDistanceKm: 2 + i })),
      { totalDistanceKm: 800 },
      { totalDistanceKm: 1500 },
      { totalDistanceKm: 13_232.6 },
    ];
    expect(distanceBuckets(rows)[0]).toEqual({ label: "0-50 km", members: 42 });
    const spread = distanceQuantiles(rows);
    expect(spread.reduce((s, b) => s + b.members, 0)).toBe(45);
    expect(spread.length).toBe(5);
    expect(Math.max(...spread.map((b) => b.members))).toBeLessThanOrEqual(12);
    expect(spread.map((b) => b.label)).toEqual(["0-11 km", "11-20 km", "20-29 km", "29-38 km", "38+ km"]);
  });

  it("keep members without distance apart, round edges to two figures, edges to the upper bucket", () => {
    expect(quantileBuckets([0, 0, 1234, 2345, 3456, 4567], 2)).toEqual([
      { label: "0 km", members: 2 },
      { label: "0-3,500 km", members: 3 },
      { label: "3,500+ km", members: 1 },
    ]);
    // Equal values make equal edges: fewer buckets, never an empty duplicate.
    expect(quantileBuckets([10, 10, 10, 10], 4)).toEqual([
      { label: "0-10 km", members: 0 },
      { label: "10+ km", members: 4 },
    ]);
    expect(quantileBuckets([])).toEqual([]);
  });
});
