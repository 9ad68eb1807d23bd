import { describe, expect, it } from "vitest";
import { activityCountBuckets, buckets, distanceBuckets } from "~/modules/admin/reports.server";

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
