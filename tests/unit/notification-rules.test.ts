import { describe, expect, it } from "vitest";
import { describeFeedItem } from "~/modules/club/describe";
import {
  challengeCompletedNotification,
  challengeReminderNotification,
  channelEnabled,
  DEFAULT_PREFERENCES,
  commentNotification,
  feedbackAnsweredNotification,
  kudosNotification,
  leadChange,
  leadLostNotification,
  planWeekNotification,
  pushPayload,
  secondsUntilQuietEnds,
  wariOpenNotification,
} from "~/modules/notifications/rules";

const item = { id: 7, userId: 2, text: "completed the challenge Monsoon 100" };
const actor = { id: 3, username: "asha" };

describe("who is notified (issue #41)", () => {
  it("tells the item's member about kudos and comments, never the actor about their own, nobody for announcements", () => {
    expect(kudosNotification(item, actor)).toMatchObject({ kind: "kudos", userId: 2, key: "kudos:7:3" });
    expect(kudosNotification(item, { id: 2, username: "self" })).toBeNull();
    expect(kudosNotification({ ...item, userId: null }, actor)).toBeNull();
    const comment = commentNotification(item, { id: 11, body: "x".repeat(200) }, actor)!;
    expect(comment).toMatchObject({ kind: "comment", userId: 2, key: "comment:11", link: "/club#item-7" });
    expect(comment.title).toMatch(/^asha commented on "completed the challenge Monsoon 100": x{79}…$/);
    expect(commentNotification(item, { id: 11, body: "hi" }, { id: 2, username: "self" })).toBeNull();
  });

  it("keys each event once per member: the same event twice has the same key, a new answer a new one", () => {
    expect(kudosNotification(item, actor)!.key).toBe(kudosNotification(item, actor)!.key);
    const answer = (at: string) =>
      feedbackAnsweredNotification({ id: 5, userId: 2, subject: "Bug", answeredAt: new Date(at) })!.key;
    expect(answer("2026-11-28T10:00:00Z")).toBe("feedback:5:1795860000");
    expect(answer("2026-11-29T10:00:00Z")).not.toBe(answer("2026-11-28T10:00:00Z"));
    expect(
      feedbackAnsweredNotification({ id: 5, userId: null, subject: "x", answeredAt: new Date() }),
    ).toBeNull();
    expect(challengeCompletedNotification({ userId: 2, challengeId: 9, title: "Run 100K" }).key).toBe(
      "challenge-completed:9",
    );
  });
});

describe("the cron's reminders (issue #41)", () => {
  it("names the challenge and its start or end in the member's zone (IST by default), once per challenge", () => {
    // 18:30 UTC on 29 Nov is midnight on 30 Nov in India.
    const at = new Date("2026-11-29T18:30:00Z");
    const start = challengeReminderNotification({
      moment: "starting",
      userId: 4,
      challengeId: 9,
      title: "Monsoon 100",
      at,
    });
    expect(start).toEqual({
      type: "notify",
      kind: "challenge_reminder",
      userId: 4,
      key: "challenge-starting:9",
      title: "Monsoon 100 starts on 30 Nov 2026, 12:00 am IST",
      link: "/challenges/9",
    });
    const end = challengeReminderNotification({
      moment: "ending",
      userId: 4,
      challengeId: 9,
      title: "Monsoon 100",
      at,
      zone: "Europe/London",
    });
    expect(end.key).toBe("challenge-ending:9");
    expect(end.title).toBe(
      "Monsoon 100 ends on 29 Nov 2026, 6:30 pm GMT: there is still time to reach the goal",
    );
    // Start and end are two events; the same start for two members is one key each (the row is per member).
    expect(start.key).not.toBe(end.key);
    expect(wariOpenNotification({ userId: 4, year: 2027, name: "IAS CycleWari 2027" })).toMatchObject({
      kind: "wari_open",
      key: "wari-open:2027",
      title: "Registration for IAS CycleWari 2027 is open",
      link: "/wari",
    });
  });

  it("pushes challenge reminders and e-mails the Wari's opening unless the member says otherwise", () => {
    expect(DEFAULT_PREFERENCES.challenge_reminder).toEqual({ in_app: true, email: false, push: true });
    expect(DEFAULT_PREFERENCES.wari_open).toEqual({ in_app: true, email: true, push: true });
    expect(
      channelEnabled("wari_open", "email", [{ kind: "wari_open", channel: "email", enabled: false }]),
    ).toBe(false);
  });
});

describe("preferences and quiet hours", () => {
  it("uses the member's choice over the default, and offers only the kind's channels", () => {
    expect(channelEnabled("comment", "email", [])).toBe(true);
    expect(channelEnabled("kudos", "email", [])).toBe(false);
    expect(channelEnabled("comment", "email", [{ kind: "comment", channel: "email", enabled: false }])).toBe(
      false,
    );
    expect(channelEnabled("kudos", "email", [{ kind: "kudos", channel: "email", enabled: true }])).toBe(true);
    expect(channelEnabled("kudos", "in_app", [{ kind: "comment", channel: "in_app", enabled: false }])).toBe(
      true,
    );
    // The feedback module sends its own answer e-mail: this model never does.
    expect(
      channelEnabled("feedback_answered", "email", [
        { kind: "feedback_answered", channel: "email", enabled: true },
      ]),
    ).toBe(false);
  });

  it("holds e-mail until quiet hours end, in IST, across midnight", () => {
    const at = (iso: string) => new Date(iso);
    const q = (iso: string, start: number | null, end: number | null) =>
      secondsUntilQuietEnds(at(iso), start, end);
    // 22:00–07:00 IST; 23:30 IST is 18:00 UTC: 7 h 30 min left.
    expect(q("2026-11-28T18:00:00Z", 22 * 60, 7 * 60)).toBe(7.5 * 3600);
    // 06:59 IST (01:29 UTC): one minute left; 07:00 IST: outside.
    expect(q("2026-11-29T01:29:00Z", 22 * 60, 7 * 60)).toBe(60);
    expect(q("2026-11-29T01:30:00Z", 22 * 60, 7 * 60)).toBe(0);
    // Noon IST is outside; a daytime window 13:00–14:00 holds 13:15 for 45 min.
    expect(q("2026-11-29T06:30:00Z", 22 * 60, 7 * 60)).toBe(0);
    expect(q("2026-11-29T07:45:00Z", 13 * 60, 14 * 60)).toBe(45 * 60);
    expect(q("2026-11-29T07:45:00Z", null, null)).toBe(0);
    expect(q("2026-11-29T07:45:00Z", 600, 600)).toBe(0);
  });
});

describe("what a feed item says", () => {
  it("writes one sentence per kind", () => {
    expect(describeFeedItem("challenge_goal", "Run 100K", 50)).toBe("passed 50 % of the goal in Run 100K");
    expect(describeFeedItem("personal_best", "Ride:distance", 123400)).toBe(
      "set a new personal best: longest Ride, 123.4 km",
    );
    expect(describeFeedItem("event_new", "Sahyadri Century Ride", null)).toBe(
      "New event: Sahyadri Century Ride",
    );
  });
});

describe("the Web Push payload (decision 053)", () => {
  it("gives each kind its heading, the notification as text, the item's page to open and the event's key as tag", () => {
    const completed = challengeCompletedNotification({ userId: 2, challengeId: 9, title: "Monsoon 100" });
    const answered = feedbackAnsweredNotification({
      id: 5,
      userId: 2,
      subject: "Bug",
      answeredAt: new Date("2026-11-28T10:00:00Z"),
    })!;
    expect([
      pushPayload(kudosNotification(item, actor)!),
      pushPayload(commentNotification(item, { id: 11, body: "Ride on!" }, actor)!),
      pushPayload(answered),
      pushPayload(completed),
    ]).toEqual([
      {
        title: "Kudos",
        body: "asha gave you kudos: completed the challenge Monsoon 100",
        url: "/club#item-7",
        tag: "kudos:7:3",
      },
      {
        title: "New comment",
        body: 'asha commented on "completed the challenge Monsoon 100": Ride on!',
        url: "/club#item-7",
        tag: "comment:11",
      },
      {
        title: "Feedback answered",
        body: 'An admin answered your feedback "Bug"',
        url: "/feedback/history/5",
        tag: "feedback:5:1795860000",
      },
      {
        title: "Challenge completed",
        body: "You completed the challenge Monsoon 100",
        url: "/challenges/9",
        tag: "challenge-completed:9",
      },
    ]);
  });

  it("opens /notifications when the notification has no page, and keeps the text short", () => {
    const long = { ...kudosNotification(item, actor)!, title: "y".repeat(300), link: null };
    expect(pushPayload(long)).toMatchObject({ url: "/notifications", body: `${"y".repeat(199)}…` });
  });

  it("pushes the club and challenges by default (to devices where the member turned it on), never feedback answers", () => {
    expect(channelEnabled("kudos", "push", [])).toBe(true);
    expect(channelEnabled("challenge_completed", "push", [])).toBe(true);
    expect(channelEnabled("comment", "push", [{ kind: "comment", channel: "push", enabled: false }])).toBe(
      false,
    );
    expect(
      channelEnabled("feedback_answered", "push", [
        { kind: "feedback_answered", channel: "push", enabled: true },
      ]),
    ).toBe(false);
  });
});

describe("the lead and the plan's weeks (issue #41)", () => {
  const top = { id: 2, name: "ben", progress: 40_000 };
  it("the lead changes hands only when someone has strictly more; the first leader takes it from nobody", () => {
    expect(leadChange(null, top)).toEqual({ leader: top, lost: null });
    expect(leadChange(null, { ...top, progress: 0 })).toBeNull();
    expect(leadChange(null, null)).toBeNull();
    expect(leadChange({ id: 2, progress: 40_000 }, top)).toBeNull();
    expect(leadChange({ id: 1, progress: 40_000 }, top)).toBeNull();
    expect(leadChange({ id: 1, progress: 39_999 }, top)).toEqual({ leader: top, lost: 1 });
  });

  it("a lost lead is keyed by the tenure lost: a retried run adds nothing, a lead won back and lost again is new", () => {
    const lost = (heldSince: Date, team: string | null = null) =>
      leadLostNotification({
        userId: 1,
        challengeId: 9,
        title: "Monsoon",
        newLeader: "Blue",
        team,
        heldSince,
      });
    const monday = new Date("2026-11-23T00:00:00Z");
    expect(lost(monday).key).toBe(lost(monday).key);
    expect(lost(monday).key).not.toBe(lost(new Date("2026-11-25T00:00:00Z")).key);
    expect(lost(monday, "Red").key).not.toBe(lost(monday).key);
    expect(lost(monday, "Red").title).toBe("Your team Red lost the lead in Monsoon to Blue");
    expect(lost(monday).title).toBe("Blue took the lead in Monsoon from you");
  });

  it("a plan's week: once per plan and week, its goals and a lighter week said", () => {
    const week = {
      userId: 1,
      planId: 4,
      week: 3,
      weeks: 14,
      weeklyKm: 152.4,
      longRideKm: 61,
      phase: "Base Building",
    };
    expect(planWeekNotification({ ...week, recovery: false })).toMatchObject({
      kind: "plan_week",
      key: "plan-week:4:3",
      title: "Week 3 of 14 of your Wari plan starts today (Base Building): 152 km, the long ride 61 km",
      link: "/wari",
    });
    expect(planWeekNotification({ ...week, recovery: true }).title).toContain(
      "(Base Building, a lighter week)",
    );
  });
});
