import { describe, expect, it } from "vitest";
import { activityListQuery, MSG, timelineQuery } from "~/modules/activities/schema";
import { dashboardSportOf, sportTypesOf } from "~/modules/sports/sports";
import { pageItems } from "~/ui/pagination";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("activity list query", () => {
  it("reads every filter from the query string", () => {
    expect(
      activityListQuery.parse({
        type: "Ride",
        minDistance: "50",
        maxDistance: "99.9",
        minElevation: "100",
        commute: "true",
        userId: "7",
        challengeId: "3",
        search: "  morning ",
        sort: "-distance",
        page: "2",
        limit: "20",
        ignored: "x",
      }),
    ).toEqual({
      type: "Ride",
      minDistance: 50,
      maxDistance: 99.9,
      minElevation: 100,
      commute: true,
      userId: 7,
      challengeId: 3,
      search: "morning",
      sort: "-distance",
      page: 2,
      limit: 20,
    });
  });

  it("treats empty values (an empty GET form field) as not given, and accepts sportType for type", () => {
    expect(
      activityListQuery.parse({ type: "", minDistance: " ", commute: "", page: "", sportType: "Run" }),
    ).toEqual({ type: "Run", commute: undefined });
    expect(activityListQuery.parse({ commute: "false" }).commute).toBe(false);
  });

  it.each([
    [{ minDistance: "abc" }, MSG.minDistance],
    [{ minDistance: "-1" }, MSG.minDistance],
    [{ maxDistance: "Infinity" }, MSG.maxDistance],
    [{ minElevation: "high" }, MSG.minElevation],
    [{ commute: "yes" }, MSG.commute],
    [{ userId: "0" }, MSG.userId],
    [{ userId: "1.5" }, MSG.userId],
    [{ challengeId: "x" }, MSG.challengeId],
    [{ page: "0" }, MSG.page],
    [{ page: "two" }, MSG.page],
    [{ limit: "101" }, MSG.limit],
    [{ limit: "0" }, MSG.limit],
    [{ type: "Ride;DROP" }, MSG.type],
    [{ search: "x".repeat(101) }, MSG.search],
    [{ minDistance: "10", maxDistance: "5" }, MSG.distanceOrder],
  ])("refuses %j with its message", (input, message) => {
    expect(firstMessage(activityListQuery.safeParse(input))).toBe(message);
  });

  it("refuses an unknown sort", () => {
    expect(firstMessage(activityListQuery.safeParse({ sort: "random" }))).toMatch(
      /^sort must be one of -startDate, startDate/,
    );
  });
});

describe("timeline query", () => {
  it("defaults to three months of all sports", () => {
    expect(timelineQuery.parse({})).toEqual({ range: "3m", sportType: "All" });
    expect(timelineQuery.parse({ range: "1y", sportType: "Swim", month: "2025-03" })).toEqual({
      range: "1y",
      sportType: "Swim",
      month: "2025-03",
    });
  });

  it.each([
    [{ range: "2w" }, MSG.range],
    [{ sportType: "Yoga" }, MSG.sportType],
    [{ month: "2025-13" }, MSG.month],
  ])("refuses %j", (input, message) => {
    expect(firstMessage(timelineQuery.safeParse(input))).toBe(message);
  });
});

describe("sports", () => {
  it("fold VirtualRide (and MTB, gravel) into Ride, trail runs into Run, the rest into Other", () => {
    expect(dashboardSportOf("VirtualRide")).toBe("Ride");
    expect(dashboardSportOf("GravelRide")).toBe("Ride");
    expect(dashboardSportOf("TrailRun")).toBe("Run");
    expect(dashboardSportOf("Swim")).toBe("Swim");
    expect(dashboardSportOf("EBikeRide")).toBe("Other");
    expect(dashboardSportOf("Yoga")).toBe("Other");
  });

  it("expand a filter value: a group, Other as everything else, or one exact type", () => {
    expect(sportTypesOf("Ride")).toEqual({
      include: ["Ride", "VirtualRide", "MountainBikeRide", "GravelRide"],
    });
    expect(sportTypesOf("VirtualRide")).toEqual({ include: ["VirtualRide"] });
    expect("exclude" in sportTypesOf("Other")).toBe(true);
  });
});

describe("pagination items", () => {
  it.each([
    [1, 1, [1]],
    [1, 0, []],
    [1, 5, [1, 2, 3, 4, 5]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, "gap", 8]],
    [1, 20, [1, 2, "gap", 20]],
    [10, 20, [1, "gap", 9, 10, 11, "gap", 20]],
    [20, 20, [1, "gap", 19, 20]],
    [3, 20, [1, 2, 3, 4, "gap", 20]],
    [4, 20, [1, 2, 3, 4, 5, "gap", 20]],
    [50, 1000, [1, "gap", 49, 50, 51, "gap", 1000]],
  ])("page %i of %i → %j (first, last, neighbours, gaps)", (page, pages, expected) => {
    expect(pageItems(page, pages)).toEqual(expected);
  });
});
