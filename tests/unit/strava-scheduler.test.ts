import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ceilingFactor,
  expectedFirstPageWait,
  expectedReadWait,
  heldForEarlierTiers,
  hintsAhead,
  hintsShort,
  hintTier,
  openedSignalDue,
  fits,
  heldForNewMembers,
  webhookCap,
  priorityOf,
  readsLeft,
  refreshSlots,
  resumeDelaySeconds,
  scaledSeconds,
  parseTimeScale,
  windowsAt,
  workClassFor,
  WORK_CLASSES,
  type WorkClass,
} from "~/modules/strava/scheduler";

const win = (used: number, limit: number) => ({ used, limit });

describe("priorities", () => {
  it("serves webhook reads, then new members' first pages, then backfills, then the quiet refresh", () => {
    expect([...WORK_CLASSES].sort((a, b) => priorityOf(a) - priorityOf(b))).toEqual([
      "webhook",
      "first-page",
      "backfill",
      "refresh",
    ]);
  });

  it("classes every read of a sync by who started it and which page it is", () => {
    expect(workClassFor("webhook", "incremental", 1)).toBe("webhook");
    expect(workClassFor("user", "incremental", 1)).toBe("webhook");
    expect(workClassFor("connect", "backfill", 1)).toBe("first-page");
    expect(workClassFor("connect", "backfill", 2)).toBe("backfill");
    expect(workClassFor("connect", "backfill", 9)).toBe("backfill");
    expect(workClassFor("admin", "backfill", 5)).toBe("first-page");
    expect(workClassFor("cron", "incremental", 1)).toBe("refresh");
  });

  it("a backfill page stops before the window's last 10 %, which stays for new members' first pages", () => {
    const share = 0.3;
    expect(ceilingFactor("first-page", share)).toBe(1);
    expect(ceilingFactor("backfill", share)).toBeCloseTo(0.9);
    // 90 of 100 used: a backfill page waits, a first page still reads.
    expect(fits(win(90, 100), win(90, 1000), ceilingFactor("backfill", share))).toBe(false);
    expect(fits(win(90, 100), win(90, 1000), ceilingFactor("first-page", share))).toBe(true);
  });

  it("webhook reads keep to the unreserved share (a flood of hints cannot starve backfills)", () => {
    expect(ceilingFactor("webhook", 0.3)).toBeCloseTo(0.7);
    expect(fits(win(69, 100), win(0, 1000), 0.7)).toBe(true);
    expect(fits(win(70, 100), win(0, 1000), 0.7)).toBe(false);
  });
});

describe("the work-conserving reserve", () => {
  it("holds back only what pending new-member work can use: none waiting, webhooks may use the reserve", () => {
    // Extended Access day, 30 % reserved: nobody waiting keeps 12 % (first pages' 10 % + 2 % for a backfill).
    expect(webhookCap(10_000, 0.3, 0)).toBe(8_800);
    expect(webhookCap(1_000, 0.3, 0)).toBe(880);
    expect(webhookCap(100, 0.3, 0)).toBe(88);
    // Each pending new member's sync holds back five more reads, up to the reserved share.
    expect(webhookCap(100, 0.3, 2)).toBe(78);
    expect(webhookCap(100, 0.3, 50)).toBe(70);
    expect(webhookCap(10_000, 0.3, 3)).toBe(8_785);
  });

  it("still guarantees a new member's first page promptly: with webhooks at their cap, a first page and a backfill page fit", () => {
    for (const limit of [100, 1_000, 10_000]) {
      const used = webhookCap(limit, 0.3, 0);
      expect(fits(win(used, limit), win(used, limit * 10), ceilingFactor("first-page", 0.3))).toBe(true);
      expect(fits(win(used, limit), win(used, limit * 10), ceilingFactor("backfill", 0.3))).toBe(true);
      expect(fits(win(used, limit), win(0, limit * 10), 1, Math.ceil(limit * 0.1))).toBe(true);
    }
  });

  it("never holds back more than the reserved share, nor less than the first pages' headroom (below it)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }),
        (limit, share, pending) => {
          const held = heldForNewMembers(limit, share, pending);
          expect(held).toBeGreaterThanOrEqual(0);
          expect(held).toBeLessThanOrEqual(Math.floor(limit * share + 1e-9));
          expect(held).toBe(
            Math.min(Math.floor(limit * share + 1e-9), Math.ceil(limit * 0.12 - 1e-9) + pending * 5),
          );
          expect(webhookCap(limit, share, pending + 1)).toBeLessThanOrEqual(
            webhookCap(limit, share, pending),
          );
        },
      ),
    );
  });
});

describe("budget arithmetic", () => {
  it("never lets a class exceed either window", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 20000 }),
        fc.integer({ min: 0, max: 20000 }),
        fc.constantFrom<WorkClass>(...WORK_CLASSES),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (ql, qu, dl, du, cls, share) => {
          const q = win(qu, ql);
          const d = win(du, dl);
          const factor = ceilingFactor(cls, share);
          const n = Math.min(readsLeft(q, factor), readsLeft(d, factor));
          expect(n).toBeGreaterThanOrEqual(0);
          expect(q.used + n).toBeLessThanOrEqual(Math.max(q.used, q.limit));
          expect(d.used + n).toBeLessThanOrEqual(Math.max(d.used, d.limit));
          if (n > 0) expect(fits(q, d, factor, n)).toBe(true);
          expect(fits(q, d, factor, n + 1)).toBe(false);
        },
      ),
    );
  });

  it("windows are quarter hours and UTC days; with a time scale they are those of the scaled clock, in real seconds", () => {
    const t = Date.UTC(2026, 10, 23, 10, 7, 30) / 1000;
    const w = windowsAt(t);
    expect(w.quarterResetIn).toBe(7 * 60 + 30);
    expect(w.dayResetIn).toBe(13 * 3600 + 52 * 60 + 30);
    // 1,440x: one simulated day per real minute; a quarter hour lasts 0.625 s.
    const s = windowsAt(t, 1440);
    expect(s.quarterResetIn).toBeGreaterThan(0);
    expect(s.quarterResetIn).toBeLessThanOrEqual(900 / 1440);
    expect(s.dayResetIn).toBeLessThanOrEqual(60);
    expect(scaledSeconds(600, 1440)).toBe(1);
    expect(scaledSeconds(600, 1)).toBe(600);
    expect(parseTimeScale("")).toBe(1);
    expect(parseTimeScale("abc")).toBe(1);
    expect(parseTimeScale("0.5")).toBe(1);
    expect(parseTimeScale("288")).toBe(288);
  });

  it("a refused read waits for the window that is full for it, webhooks waking first", () => {
    const w = windowsAt(Date.UTC(2026, 10, 23, 10, 7, 30) / 1000);
    const quarterFull = resumeDelaySeconds("webhook", win(70, 100), win(70, 1000), w, 0.7);
    expect(quarterFull).toBe(w.quarterResetIn + 5);
    const dayFull = resumeDelaySeconds("backfill", win(10, 100), win(900, 1000), w, 0.9);
    expect(dayFull).toBe(w.dayResetIn + 5 + 2);
    const order = WORK_CLASSES.map((c) => resumeDelaySeconds(c, win(100, 100), win(100, 1000), w, 1));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe("the quiet-athlete refresh", () => {
  const base = { reservedShare: 0.3, maxPerRun: 25 };

  it("fixes the old flaw: ten members do not drain the day, and waiting work comes first", () => {
    // A fresh window: the refresh may use what is left after 10 % headroom, and at most the
    // reserved share of what is left of the day (the rest is for the day's webhooks).
    expect(refreshSlots({ ...base, quarter: win(0, 100), day: win(0, 1000), queued: 0 })).toBe(25);
    expect(refreshSlots({ ...base, quarter: win(0, 100), day: win(950, 1000), queued: 0 })).toBe(15);
    expect(refreshSlots({ ...base, quarter: win(85, 100), day: win(100, 1000), queued: 0 })).toBe(5);
    expect(refreshSlots({ ...base, quarter: win(0, 100), day: win(0, 1000), queued: 90 })).toBe(0);
    expect(refreshSlots({ ...base, quarter: win(100, 100), day: win(0, 1000), queued: 0 })).toBe(0);
  });

  it("never exceeds the run's cap nor the window", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        (limit, used, queued) => {
          const slots = refreshSlots({
            ...base,
            quarter: win(used, limit),
            day: win(0, limit * 10),
            queued,
          });
          expect(slots).toBeGreaterThanOrEqual(0);
          expect(slots).toBeLessThanOrEqual(25);
          expect(used + queued + slots).toBeLessThanOrEqual(Math.max(used + queued, limit));
        },
      ),
    );
  });
});

describe("expected wait for a new member", () => {
  const w = windowsAt(Date.UTC(2026, 10, 23, 10, 7, 30) / 1000);

  it("is zero while the window has room for the first pages ahead and theirs", () => {
    expect(expectedFirstPageWait({ quarter: win(10, 100), day: win(10, 1000), w, ahead: 0 })).toBe(0);
    expect(expectedFirstPageWait({ quarter: win(10, 100), day: win(10, 1000), w, ahead: 89 })).toBe(0);
  });

  it("is the next window when this one is spent, and later windows for a long line", () => {
    expect(expectedFirstPageWait({ quarter: win(100, 100), day: win(100, 1000), w, ahead: 0 })).toBe(
      w.quarterResetIn,
    );
    expect(expectedFirstPageWait({ quarter: win(100, 100), day: win(100, 1000), w, ahead: 150 })).toBe(
      w.quarterResetIn + 900,
    );
  });

  it("is the next day when the daily window is spent", () => {
    expect(expectedFirstPageWait({ quarter: win(0, 100), day: win(1000, 1000), w, ahead: 0 })).toBe(
      w.dayResetIn,
    );
  });
});

describe("who is served first when the day is short (issue #42)", () => {
  const now = Date.UTC(2026, 10, 29, 10, 0, 0) / 1000;
  const hour = 3600;
  const member = (over: Partial<Parameters<typeof hintTier>[0]> = {}) => ({
    trigger: "webhook" as const,
    openedAt: null,
    challengeEndsAt: null,
    ...over,
  });

  it("a member's own 'sync now' or an app opened within the hour comes first, then a challenge ending within 48 hours, then the rest", () => {
    expect(hintTier(member({ trigger: "user" }), now)).toBe("opened");
    expect(hintTier(member({ openedAt: now - 59 * 60 }), now)).toBe("opened");
    expect(hintTier(member({ openedAt: now - 61 * 60 }), now)).toBe("rest");
    expect(hintTier(member({ challengeEndsAt: now + 24 * hour }), now)).toBe("challenge-ending");
    expect(hintTier(member({ challengeEndsAt: now + 48 * hour }), now)).toBe("challenge-ending");
    expect(hintTier(member({ challengeEndsAt: now + 49 * hour }), now)).toBe("rest");
    expect(hintTier(member({ challengeEndsAt: now - 1 }), now)).toBe("rest");
    // Opened beats a challenge: the member is looking now.
    expect(hintTier(member({ openedAt: now - 60, challengeEndsAt: now + hour }), now)).toBe("opened");
    expect(hintTier(member(), now)).toBe("rest");
  });

  it("the opened signal is written at most once per 15 minutes", () => {
    expect(openedSignalDue(null, now)).toBe(true);
    expect(openedSignalDue(now - 14 * 60, now)).toBe(false);
    expect(openedSignalDue(now - 15 * 60, now)).toBe(true);
    // A clock that was ahead: written again rather than trusted.
    expect(openedSignalDue(now + 3600, now)).toBe(true);
  });

  it("is short only when the pending hint reads are more than the day has left", () => {
    expect(hintsShort(10, 10)).toBe(false);
    expect(hintsShort(11, 10)).toBe(true);
    expect(hintsShort(1, -5)).toBe(true);
    expect(hintsShort(0, 0)).toBe(false);
  });

  it("a later tier's read leaves the earlier tiers' pending reads, and only when short", () => {
    const pendingByTier = [3, 5, 40];
    expect(heldForEarlierTiers({ mine: "rest", pendingByTier, short: true })).toBe(8);
    expect(heldForEarlierTiers({ mine: "challenge-ending", pendingByTier, short: true })).toBe(3);
    expect(heldForEarlierTiers({ mine: "opened", pendingByTier, short: true })).toBe(0);
    expect(heldForEarlierTiers({ mine: "rest", pendingByTier, short: false })).toBe(0);
  });

  it("a member's place in line: every earlier tier, then their own tier's that waited longer", () => {
    expect(hintsAhead({ mine: "rest", pendingByTier: [3, 5, 40], earlierInMyTier: 7 })).toBe(15);
    expect(hintsAhead({ mine: "opened", pendingByTier: [3, 5, 40], earlierInMyTier: 2 })).toBe(2);
  });

  it("the expected read walks the class's caps: the day's rest, then tomorrow's quarters", () => {
    const w = windowsAt(now);
    // 2 of the webhook class's 880 left today, 88 a quarter: the third in line waits for tomorrow.
    const opts = { quarter: win(10, 100), day: win(878, 1000), w, quarterCap: 88, dayCap: 880 };
    expect(expectedReadWait({ ...opts, ahead: 1 })).toBe(0);
    expect(expectedReadWait({ ...opts, ahead: 2 })).toBe(w.dayResetIn);
    // Tomorrow gives 88 a quarter: 2 today + 88, then the next quarter.
    expect(expectedReadWait({ ...opts, ahead: 89 })).toBe(w.dayResetIn);
    expect(expectedReadWait({ ...opts, ahead: 90 })).toBe(w.dayResetIn + 900);
    // A line longer than a day: 2 today + 880 tomorrow, then the day after.
    expect(expectedReadWait({ ...opts, ahead: 882 })).toBe(w.dayResetIn + 86_400);
  });
});
