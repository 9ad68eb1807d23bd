/**
 * The Strava scheduler's arithmetic, as pure functions (no D1, no clock):
 * which class a read belongs to, how much of each budget window a class may
 * fill, how many quiet athletes the cron may refresh, and how long a new
 * member waits. budget.server.ts, sync.server.ts and cron.server.ts apply it;
 * tests/unit/strava-scheduler.test.ts pins it. See
 * docs/decisions/027-sync-scheduler.md.
 *
 * One queue of Strava work, in this order of priority:
 *  1. "webhook"    reads a webhook hint (or a member's "sync now") asks for;
 *  2. "first-page" the first page of 200 of a new member's backfill (and every admin sync);
 *  3. "backfill"   the rest of the backfills;
 *  4. "refresh"    the quiet-athlete refresh of the cron.
 * Priority is spent as headroom: every class may fill a window only up to its
 * ceiling, and a lower class stops earlier, so what it leaves is there for the
 * classes above it. Webhook reads are the exception kept from decision 003:
 * they leave new members a reserve, so a flood of (forged) hints can never
 * starve the first pages and backfills; the reserve is work-conserving
 * (webhookCap): it holds back only what pending new-member work can use,
 * plus a headroom for one who arrives. The cron refresh (and an edit of an
 * activity already held) starts only with what the windows have left after
 * the work already waiting.
 */

export const WORK_CLASSES = ["webhook", "first-page", "backfill", "refresh"] as const;
export type WorkClass = (typeof WORK_CLASSES)[number];

/** Lower is served first. */
export const priorityOf = (cls: WorkClass): number => WORK_CLASSES.indexOf(cls);

/** Who started a sync (sync_jobs.initiated_by). */
export type SyncTrigger = "connect" | "user" | "admin" | "cron" | "webhook";

/** The class of the read for page `page` of a job started by `trigger` in `mode`. */
export function workClassFor(
  trigger: SyncTrigger,
  mode: "backfill" | "incremental",
  page: number,
): WorkClass {
  if (trigger === "webhook" || trigger === "user") return "webhook";
  if (trigger === "cron") return "refresh";
  // An admin asked for this sync: it is not limited (decision 003).
  if (trigger === "admin") return "first-page";
  // The connect sync: its first page is what a new member waits for.
  if (page <= 1) return "first-page";
  return mode === "backfill" ? "backfill" : "first-page";
}

/** The last share of every window that backfill pages after the first leave to new members' first pages. */
export const FIRST_PAGE_HEADROOM = 0.1;

/**
 * The fraction of a window's limit reads of this class may fill.
 * `reservedShare` is STRAVA_RESERVED_SHARE (0-1).
 */
export function ceilingFactor(cls: WorkClass, reservedShare: number): number {
  switch (cls) {
    case "webhook":
      return 1 - reservedShare;
    case "first-page":
    case "refresh": // gated when the cron starts it (refreshSlots), then it finishes its one read
      return 1;
    case "backfill":
      return 1 - FIRST_PAGE_HEADROOM;
  }
}

/** Reads a pending new member's sync (a connect or admin job not yet finished) is counted to need in a window. */
export const NEW_MEMBER_JOB_READS = 5;
/**
 * The share of every window webhook reads leave even when no new member is
 * waiting, for the backfill pages of one who arrives later (under the
 * backfill ceiling, so backfills can use it).
 */
export const BACKFILL_GUARANTEE = 0.02;

/**
 * The work-conserving reserve: reads of one window that webhook reads leave
 * to new members. The reserved share holds back only what pending new-member
 * work can use (`pendingNewMemberJobs` × NEW_MEMBER_JOB_READS), plus the top
 * FIRST_PAGE_HEADROOM that is always kept for a new member's first page and a
 * BACKFILL_GUARANTEE for the backfill of one still to come; never more than
 * the reserved share. With nobody waiting, webhooks may use the rest.
 */
export function heldForNewMembers(
  limit: number,
  reservedShare: number,
  pendingNewMemberJobs: number,
): number {
  const reserve = Math.floor(limit * reservedShare + 1e-9);
  const always = Math.ceil(limit * (FIRST_PAGE_HEADROOM + BACKFILL_GUARANTEE) - 1e-9);
  return Math.min(reserve, always + Math.max(0, pendingNewMemberJobs) * NEW_MEMBER_JOB_READS);
}

/** The most reads webhook reads may fill in a window of `limit` (the work-conserving reserve). */
export function webhookCap(limit: number, reservedShare: number, pendingNewMemberJobs: number): number {
  return limit - heldForNewMembers(limit, reservedShare, pendingNewMemberJobs);
}

export interface WindowUse {
  used: number;
  limit: number;
}

/** Reads of a class still allowed in one window (never negative). */
export function readsLeft(w: WindowUse, factor: number): number {
  return Math.max(0, Math.floor(w.limit * factor - w.used + 1e-9));
}

/** Whether `count` more reads of a class fit both windows. */
export function fits(quarter: WindowUse, day: WindowUse, factor: number, count = 1): boolean {
  return readsLeft(quarter, factor) >= count && readsLeft(day, factor) >= count;
}

export const QUARTER_SECONDS = 15 * 60;
export const DAY_SECONDS = 24 * 3600;

export interface Windows {
  quarterStart: number;
  dayStart: number;
  /** Seconds until the 15-minute window resets (natural quarter hours, UTC). */
  quarterResetIn: number;
  /** Seconds until the daily window resets (midnight UTC). */
  dayResetIn: number;
}

/**
 * Strava's windows at `nowSeconds` (epoch seconds): quarter hours and UTC days.
 * With a time scale (the simulation only, `STRAVA_TIME_SCALE`), the windows
 * are those of the scaled clock (epoch × scale) and the reset times are in
 * real seconds.
 */
export function windowsAt(nowSeconds: number, scale = 1): Windows {
  const t = nowSeconds * scale;
  const quarterStart = t - (t % QUARTER_SECONDS);
  const dayStart = t - (t % DAY_SECONDS);
  return {
    quarterStart,
    dayStart,
    quarterResetIn: (quarterStart + QUARTER_SECONDS - t) / scale,
    dayResetIn: (dayStart + DAY_SECONDS - t) / scale,
  };
}

/** STRAVA_TIME_SCALE: simulated seconds per real second; anything but a number above 1 is 1. */
export function parseTimeScale(raw: string | undefined): number {
  const value = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isFinite(value) && value > 1 ? value : 1;
}

/** A duration of the (simulated) Strava world in real seconds: at least one second, like a queue delay. */
export function scaledSeconds(seconds: number, scale: number): number {
  return Math.max(1, Math.ceil(seconds / scale));
}

/**
 * How long a refused read of this class waits: until the window that is full
 * for it resets, plus a few seconds; webhook reads wake first, refreshes last,
 * so the class order holds at the start of every window too. `w`'s reset
 * times are real seconds; the margin is Strava seconds (scaled in the simulation).
 */
export function resumeDelaySeconds(
  cls: WorkClass,
  quarter: WindowUse,
  day: WindowUse,
  w: Windows,
  factor: number,
  scale = 1,
): number {
  const wait = readsLeft(day, factor) < 1 ? w.dayResetIn : w.quarterResetIn;
  return Math.max(1, Math.ceil(wait + (5 + priorityOf(cls)) / scale));
}

/**
 * The quiet-athlete refresh of one cron run: how many athletes may be
 * refreshed (one read each), from what both windows have left after the
 * work already waiting (`queued`: reads that higher classes will spend) and
 * a headroom kept for webhooks still to come in this window.
 */
export function refreshSlots(opts: {
  quarter: WindowUse;
  day: WindowUse;
  queued: number;
  reservedShare: number;
  maxPerRun: number;
}): number {
  const { quarter, day, queued, reservedShare, maxPerRun } = opts;
  // The webhooks of the rest of the day are forecast as the unreserved share of what is left of it.
  const keepQuarter = Math.ceil(quarter.limit * FIRST_PAGE_HEADROOM);
  const left = Math.min(readsLeft(quarter, 1) - keepQuarter, Math.floor(readsLeft(day, 1) * reservedShare));
  return Math.max(0, Math.min(maxPerRun, left - queued));
}

/**
 * Expected wait (seconds) before a member who connects now sees their last
 * 200 activities: their first page waits behind the `ahead` first-page reads
 * already queued (and the webhook reads, which come first) in windows that
 * give first pages what is left of `quarter` and `day`.
 */
export function expectedFirstPageWait(opts: {
  quarter: WindowUse;
  day: WindowUse;
  w: Windows;
  ahead: number;
}): number {
  return expectedReadWait(opts);
}

/**
 * Expected wait (seconds) before the read behind `ahead` others is made, in
 * windows walked one quarter hour at a time: what is left now, then each
 * quarter's `quarterCap` reads until the day's `dayCap` is spent, then the
 * next UTC day. The caps are what the class may fill (its ceiling; the whole
 * limit when not given). Bounded: at most 60 days of quarters.
 */
export function expectedReadWait(opts: {
  quarter: WindowUse;
  day: WindowUse;
  w: Windows;
  ahead: number;
  quarterCap?: number;
  dayCap?: number;
}): number {
  const { quarter, day, w, ahead } = opts;
  const quarterCap = opts.quarterCap ?? quarter.limit;
  const dayCap = opts.dayCap ?? day.limit;
  const need = Math.max(0, ahead) + 1;
  const dayNow = Math.max(0, dayCap - day.used);
  const nowQuarter = Math.min(Math.max(0, quarterCap - quarter.used), dayNow);
  if (nowQuarter >= need) return 0;
  if (quarterCap <= 0 || dayCap <= 0) return Math.round(w.dayResetIn + 60 * DAY_SECONDS);
  let remaining = need - nowQuarter;
  let dayLeft = dayNow - nowQuarter;
  let seconds = w.quarterResetIn;
  let dayEnds = w.dayResetIn;
  for (let i = 0; i < 60 * 96; i++) {
    if (dayLeft <= 0) {
      seconds = Math.max(seconds, dayEnds);
      dayEnds += DAY_SECONDS;
      dayLeft = dayCap;
    }
    const take = Math.min(quarterCap, dayLeft);
    if (take >= remaining) return Math.round(seconds);
    remaining -= take;
    dayLeft -= take;
    seconds += QUARTER_SECONDS;
  }
  return Math.round(seconds);
}

// ---- Who is served first when the day is short (issue #42, decision 059) ----

/**
 * The tiers of a member's pending hint (a webhook sync or their own "sync
 * now"), served in this order when the day's reads cannot cover every
 * pending hint:
 *  0 "opened"            the member asked ("sync now") or opened the app lately;
 *  1 "challenge-ending"  the member is in a challenge that ends within 48 hours;
 *  2 "rest"              everyone else.
 */
export const HINT_TIERS = ["opened", "challenge-ending", "rest"] as const;
export type HintTier = (typeof HINT_TIERS)[number];

/** A member counts as having the app open for this long after their last page view. */
export const OPENED_PRIORITY_SECONDS = 60 * 60;
/** The "opened" signal (sync_status.opened_at) is written at most once per this. */
export const OPENED_SIGNAL_SECONDS = 15 * 60;
/** A challenge that ends within this is served first for its members. */
export const CHALLENGE_ENDING_SECONDS = 48 * 3600;

/**
 * The priority rule (pure): the tier of a member's pending hint at `now`
 * (epoch seconds). `openedAt` is their last "opened" signal, `challengeEndsAt`
 * the soonest end of a running challenge they are in (null: none). The SQL of
 * budget.server.ts (hintTierSql) applies the same rule to the pending jobs.
 */
export function hintTier(
  m: { trigger: SyncTrigger; openedAt: number | null; challengeEndsAt: number | null },
  now: number,
): HintTier {
  if (m.trigger === "user") return "opened";
  if (m.openedAt !== null && m.openedAt > now - OPENED_PRIORITY_SECONDS && m.openedAt <= now + 60)
    return "opened";
  if (
    m.challengeEndsAt !== null &&
    m.challengeEndsAt > now &&
    m.challengeEndsAt <= now + CHALLENGE_ENDING_SECONDS
  )
    return "challenge-ending";
  return "rest";
}

export const tierRank = (tier: HintTier): number => HINT_TIERS.indexOf(tier);

/** Whether the "opened" signal last written at `openedAt` is due to be written again at `now`. */
export const openedSignalDue = (openedAt: number | null, now: number): boolean =>
  openedAt === null || openedAt <= now - OPENED_SIGNAL_SECONDS || openedAt > now + 60;

/** Short: the hint reads waiting (`pending`, each at least one read) are more than the day's reads left for them. */
export const hintsShort = (pending: number, dayReadsLeft: number): boolean =>
  pending > Math.max(0, dayReadsLeft);

/**
 * Reads of each window a hint read of tier `mine` leaves to the pending hint
 * reads of the tiers before it (`pendingByTier[rank]`, the member's own not
 * counted): none unless the day is short, so with reads enough for everyone
 * nothing changes.
 */
export function heldForEarlierTiers(opts: {
  mine: HintTier;
  pendingByTier: number[];
  short: boolean;
}): number {
  if (!opts.short) return 0;
  let held = 0;
  for (let rank = 0; rank < tierRank(opts.mine); rank++) held += Math.max(0, opts.pendingByTier[rank] ?? 0);
  return held;
}

/**
 * How many pending hint reads come before a member's (the queue position
 * behind which their read waits): all of the earlier tiers', and those of
 * their own tier that started waiting before theirs.
 */
export function hintsAhead(opts: {
  mine: HintTier;
  pendingByTier: number[];
  earlierInMyTier: number;
}): number {
  return (
    heldForEarlierTiers({ mine: opts.mine, pendingByTier: opts.pendingByTier, short: true }) +
    Math.max(0, opts.earlierInMyTier)
  );
}
