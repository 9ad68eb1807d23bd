import { describe, expect, it } from "vitest";
import { channelEnabled } from "~/modules/notifications/rules";
import {
  digestEmail,
  digestKey,
  dueDigestWeek,
  highlightsFor,
  istWeekOf,
  type DigestContent,
} from "~/modules/digest/rules";

describe("the weekly digest's IST week (issue #41, decision 054)", () => {
  it("runs Monday 00:00 to Sunday 23:59 IST, whatever the UTC date says", () => {
    // Sunday 23:59 IST is Sunday 18:29 UTC: still the week of Monday 23 November.
    expect(istWeekOf(new Date("2026-11-29T18:29:00Z"))).toEqual({
      week: "2026-11-23",
      lastDay: "2026-11-29",
      start: new Date("2026-11-22T18:30:00Z"),
      end: new Date("2026-11-29T18:30:00Z"),
    });
    // Monday 00:00 IST is Sunday 18:30 UTC: the next week already.
    expect(istWeekOf(new Date("2026-11-29T18:30:00Z")).week).toBe("2026-11-30");
    expect(istWeekOf(new Date("2026-11-29T18:30:00Z"), 1).week).toBe("2026-11-23");
    // Across a year's end.
    expect(istWeekOf(new Date("2027-01-01T06:00:00Z")).week).toBe("2026-12-28");
  });

  it("is due from Monday 07:00 IST, for the week just ended", () => {
    expect(dueDigestWeek(new Date("2026-11-30T01:29:00Z"))).toBeNull(); // Monday 06:59 IST
    expect(dueDigestWeek(new Date("2026-11-30T01:30:00Z"))?.week).toBe("2026-11-23"); // Monday 07:00 IST
    expect(dueDigestWeek(new Date("2026-12-06T18:00:00Z"))?.week).toBe("2026-11-23"); // Sunday 23:30 IST
  });

  it("keys one digest per member and week", () => {
    expect(digestKey(7, "2026-11-23")).toBe("digest:7:2026-11-23");
    expect(digestKey(7, "2026-11-23")).toBe(digestKey(7, "2026-11-23"));
    expect(digestKey(7, "2026-11-30")).not.toBe(digestKey(7, "2026-11-23"));
    expect(digestKey(8, "2026-11-23")).not.toBe(digestKey(7, "2026-11-23"));
  });

  it("is on by e-mail by default and offered by e-mail only", () => {
    expect(channelEnabled("digest", "email", [])).toBe(true);
    expect(channelEnabled("digest", "in_app", [])).toBe(false);
    expect(channelEnabled("digest", "email", [{ kind: "digest", channel: "email", enabled: false }])).toBe(
      false,
    );
  });
});

describe("the digest's content", () => {
  const items = [
    { id: 1, userId: 5, shared: false, label: "asha completed Monsoon 100", kudos: 9 },
    { id: 2, userId: 6, shared: true, label: "ravi passed 50% of Monsoon 100", kudos: 4 },
    { id: 3, userId: null, shared: false, label: "New event: Night Ride", kudos: 2 },
    { id: 4, userId: 7, shared: false, label: "mira set a personal best", kudos: 1 },
  ];

  it("shows club highlights only under consent: others' shared items, announcements and the member's own", () => {
    expect(highlightsFor(7, items).map((i) => i.id)).toEqual([2, 3, 4]);
    expect(highlightsFor(5, items).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(highlightsFor(9, items, 1).map((i) => i.id)).toEqual([2]);
  });

  const base: DigestContent = {
    member: { id: 7, username: "mira", email: "mira@example.com" },
    week: istWeekOf(new Date("2026-11-25T06:00:00Z")),
    totals: { activities: 0, distance: 0, movingTime: 0 },
    challenges: [],
    events: [],
    highlights: [],
  };
  const links = {
    base: "https://club.test",
    unsubscribe: "https://club.test/api/notifications/unsubscribe?token=t",
  };

  it("says so when the week was empty, and carries the digest's own unsubscribe link", () => {
    const email = digestEmail(base, links);
    expect(email.subject).toBe("Your week in the club: 2026-11-23 to 2026-11-29");
    expect(email.text).toContain("No activities this week.");
    expect(email.text).toContain("You are in no running challenge.");
    expect(email.text).toContain("No events in the next 14 days.");
    expect(email.text).toContain("A quiet week in the club.");
    expect(email.text).toContain(`No more weekly digests: ${links.unsubscribe}`);
    expect(email.html).toContain(`href="${links.unsubscribe}"`);
  });

  it("lists the week's totals, standings, upcoming events (IST) and highlights, escaped in HTML", () => {
    const email = digestEmail(
      {
        ...base,
        totals: { activities: 3, distance: 42_195, movingTime: 3 * 3600 + 5 * 60 },
        challenges: [{ id: 4, title: "Monsoon <100>", rank: 2, participants: 17, percent: 64.4 }],
        events: [{ id: 9, title: "Night Ride", date: new Date("2026-12-05T13:30:00Z"), location: "Pune" }],
        highlights: [items[1]!],
      },
      links,
    );
    expect(email.text).toContain("3 activities, 42.2 km, 3 h 5 min");
    expect(email.text).toContain("Monsoon <100>: rank 2 of 17, 64% (https://club.test/challenges/4)");
    expect(email.text).toContain("Night Ride, December 5, 2026 at 7:00 PM IST, Pune");
    expect(email.text).toContain("ravi passed 50% of Monsoon 100 (4 kudos) (https://club.test/club#item-2)");
    expect(email.html).toContain("Monsoon &#60;100&#62;");
    expect(email.html).not.toContain("<100>");
  });
});
