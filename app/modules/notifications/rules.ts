/**
 * Notifications, one model (issue #41, docs/decisions/051-club-feed.md): the
 * pure rules. Which events notify whom, the key that makes each one land once
 * per member however often the queue delivers it, the channels a member's
 * preferences allow, and quiet hours in IST.
 */

import { CLUB_TIME_ZONE, CLUB_UTC_OFFSET_MINUTES, formatDateTime, formatNumber } from "~/lib/format";

export const NOTIFICATION_KINDS = [
  "kudos",
  "comment",
  "feedback_answered",
  "challenge_completed",
  "challenge_reminder",
  "lead_lost",
  "event_reminder",
  "waitlist_offer",
  "wari_open",
  "plan_week",
  "digest",
  "ops_failing",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ["in_app", "email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const KIND_LABELS: Record<NotificationKind, string> = {
  kudos: "Kudos on your milestones",
  comment: "Comments on your milestones",
  feedback_answered: "Answers to your feedback",
  challenge_completed: "Challenges you complete",
  challenge_reminder: "Your challenges starting or ending within two days",
  lead_lost: "Losing the lead in a challenge (you or your team)",
  event_reminder: "Events you registered for, a week and a day ahead",
  waitlist_offer: "A waitlist place offered to you",
  wari_open: "The Wari's registration opening",
  plan_week: "Each week of your Wari training plan",
  digest: "The weekly digest",
  ops_failing: "Something keeps failing (admins)",
};

/**
 * The defaults without a choice: in the app always; by e-mail what someone wrote to you
 * (comments); pushed to the member's devices (only those where they turned notifications
 * on) for the club and challenges. An admin's answer to feedback keeps its own e-mail (the
 * feedback module's, always sent), so this model offers it in the app only.
 */
export const DEFAULT_PREFERENCES: Record<NotificationKind, Record<NotificationChannel, boolean>> = {
  kudos: { in_app: true, email: false, push: true },
  comment: { in_app: true, email: true, push: true },
  feedback_answered: { in_app: true, email: false, push: false },
  challenge_completed: { in_app: true, email: false, push: true },
  challenge_reminder: { in_app: true, email: false, push: true },
  lead_lost: { in_app: true, email: false, push: true },
  // Money and places (decision 025): the events module's own e-mail always goes, with the QR
  // code or the payment link; this model adds the bell and the phone.
  event_reminder: { in_app: true, email: false, push: true },
  waitlist_offer: { in_app: true, email: false, push: true },
  plan_week: { in_app: true, email: false, push: true },
  // The club's one-day ride of the year: worth an e-mail to every member, once a year.
  wari_open: { in_app: true, email: true, push: true },
  // Decision 054: the weekly digest is an e-mail only (built by the cron, app/modules/digest).
  digest: { in_app: false, email: true, push: false },
  ops_failing: { in_app: true, email: true, push: false },
};

/** The channels a member can choose per kind. */
export const CHANNELS_OF: Record<NotificationKind, readonly NotificationChannel[]> = {
  kudos: ["in_app", "email", "push"],
  comment: ["in_app", "email", "push"],
  feedback_answered: ["in_app"],
  challenge_completed: ["in_app", "email", "push"],
  challenge_reminder: ["in_app", "email", "push"],
  lead_lost: ["in_app", "email", "push"],
  event_reminder: ["in_app", "push"],
  waitlist_offer: ["in_app", "push"],
  wari_open: ["in_app", "email", "push"],
  plan_week: ["in_app", "email", "push"],
  digest: ["email"],
  ops_failing: ["in_app", "email"],
};

/** The push notification's heading per kind; its text is the notification's title. */
const PUSH_HEADINGS: Record<NotificationKind, string> = {
  kudos: "Kudos",
  comment: "New comment",
  feedback_answered: "Feedback answered",
  challenge_completed: "Challenge completed",
  challenge_reminder: "Challenge reminder",
  lead_lost: "You lost the lead",
  event_reminder: "Event reminder",
  waitlist_offer: "A place is free",
  wari_open: "Wari registration is open",
  plan_week: "Your training week",
  digest: "Your week",
  ops_failing: "Something keeps failing",
};

/** What the service worker shows (public/sw.js): heading, text, the page a tap opens, and a tag (one per event). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The Web Push payload of a notification (decision 053): the tag makes a resent push replace, not repeat. */
export function pushPayload(message: NotificationMessage): PushPayload {
  return {
    title: PUSH_HEADINGS[message.kind],
    body: message.title.length > 200 ? `${message.title.slice(0, 199)}…` : message.title,
    url: message.link ?? "/notifications",
    tag: message.key,
  };
}

/** One notification for one member: what the queue message carries. */
export interface NotificationMessage {
  type: "notify";
  kind: NotificationKind;
  userId: number;
  /** Unique per event and member: a second delivery of the same event adds nothing. */
  key: string;
  title: string;
  link: string | null;
}

const name = (actor: { username: string }) => actor.username;

/** Kudos on a feed item: its member is told, unless they gave it themselves (or it is an announcement). */
export function kudosNotification(
  item: { id: number; userId: number | null; text: string },
  actor: { id: number; username: string },
): NotificationMessage | null {
  if (item.userId === null || item.userId === actor.id) return null;
  return {
    type: "notify",
    kind: "kudos",
    userId: item.userId,
    key: `kudos:${item.id}:${actor.id}`,
    title: `${name(actor)} gave you kudos: ${item.text}`,
    link: `/club#item-${item.id}`,
  };
}

/** A comment on a feed item: its member is told, unless the comment is their own. */
export function commentNotification(
  item: { id: number; userId: number | null; text: string },
  comment: { id: number; body: string },
  actor: { id: number; username: string },
): NotificationMessage | null {
  if (item.userId === null || item.userId === actor.id) return null;
  const excerpt = comment.body.length > 80 ? `${comment.body.slice(0, 79)}…` : comment.body;
  return {
    type: "notify",
    kind: "comment",
    userId: item.userId,
    key: `comment:${comment.id}`,
    title: `${name(actor)} commented on "${item.text}": ${excerpt}`,
    link: `/club#item-${item.id}`,
  };
}

/** An admin's answer to feedback: its author is told, once per answer (the answer's time is in the key). */
export function feedbackAnsweredNotification(feedback: {
  id: number;
  userId: number | null;
  subject: string;
  answeredAt: Date;
}): NotificationMessage | null {
  if (feedback.userId === null) return null;
  return {
    type: "notify",
    kind: "feedback_answered",
    userId: feedback.userId,
    key: `feedback:${feedback.id}:${Math.floor(feedback.answeredAt.getTime() / 1000)}`,
    title: `An admin answered your feedback "${feedback.subject}"`,
    link: `/feedback/history/${feedback.id}`,
  };
}

/** A challenge completed (the feed's milestone): the member is told once per challenge. */
export function challengeCompletedNotification(milestone: {
  userId: number;
  challengeId: number;
  title: string;
}): NotificationMessage {
  return {
    type: "notify",
    kind: "challenge_completed",
    userId: milestone.userId,
    key: `challenge-completed:${milestone.challengeId}`,
    title: `You completed the challenge ${milestone.title}`,
    link: `/challenges/${milestone.challengeId}`,
  };
}

/** How far ahead a challenge's start and end are announced to its participants. */
export const REMINDER_AHEAD_SECONDS = 48 * 3600;

/** Which end of a challenge a reminder is about. */
export type ChallengeMoment = "starting" | "ending";

/**
 * A challenge the member joined starts within two days, or one they take part in (goal not
 * reached yet) ends within two days: once per challenge and moment; the time in the member's zone.
 */
export function challengeReminderNotification(c: {
  moment: ChallengeMoment;
  userId: number;
  challengeId: number;
  title: string;
  at: Date;
  zone?: string;
}): NotificationMessage {
  const when = formatDateTime(c.at, c.zone ?? CLUB_TIME_ZONE);
  return {
    type: "notify",
    kind: "challenge_reminder",
    userId: c.userId,
    key: `challenge-${c.moment}:${c.challengeId}`,
    title:
      c.moment === "starting"
        ? `${c.title} starts on ${when}`
        : `${c.title} ends on ${when}: there is still time to reach the goal`,
    link: `/challenges/${c.challengeId}`,
  };
}

/** An edition of the Wari opens its registration: every member, once per edition. */
export function wariOpenNotification(w: { userId: number; year: number; name: string }): NotificationMessage {
  return {
    type: "notify",
    kind: "wari_open",
    userId: w.userId,
    key: `wari-open:${w.year}`,
    title: `Registration for ${w.name} is open`,
    link: "/wari",
  };
}

/** Who leads a challenge's standings: a member or a team, its progress (metres), its name. */
export interface Leader {
  id: number;
  name: string;
  progress: number;
}

/**
 * The lead after a standings check: the stored holder keeps it until someone has strictly more
 * (a tie changes nothing); nobody leads before anyone has progress. `lost` is the holder who
 * lost it (null when nobody held it: the first leader takes it without anyone losing).
 */
export function leadChange(
  holder: { id: number; progress: number } | null,
  top: Leader | null,
): { leader: Leader; lost: number | null } | null {
  if (!top || top.progress <= 0) return null;
  if (holder && (holder.id === top.id || holder.progress >= top.progress)) return null;
  return { leader: top, lost: holder?.id ?? null };
}

/**
 * The lead lost in a challenge: the member who held it, or each member of the team that held it.
 * Keyed by the lost tenure (its start), so a retried cron run adds nothing and a lead taken
 * back and lost again is told again.
 */
export function leadLostNotification(l: {
  userId: number;
  challengeId: number;
  title: string;
  newLeader: string;
  team: string | null;
  heldSince: Date;
}): NotificationMessage {
  const scope = l.team === null ? "member" : "team";
  return {
    type: "notify",
    kind: "lead_lost",
    userId: l.userId,
    key: `lead-lost:${l.challengeId}:${scope}:${Math.floor(l.heldSince.getTime() / 1000)}`,
    title:
      l.team === null
        ? `${l.newLeader} took the lead in ${l.title} from you`
        : `Your team ${l.team} lost the lead in ${l.title} to ${l.newLeader}`,
    link: `/challenges/${l.challengeId}`,
  };
}

/** An event the member paid for is a week or a day away (the e-mail with the QR code goes too). */
export function eventReminderNotification(r: {
  userId: number;
  registrationId: number;
  eventId: number;
  title: string;
  when: "in a week" | "tomorrow";
  date: Date;
  zone?: string;
}): NotificationMessage {
  return {
    type: "notify",
    kind: "event_reminder",
    userId: r.userId,
    key: `event-reminder:${r.registrationId}:${r.when === "tomorrow" ? "1d" : "7d"}`,
    title: `${r.title} is ${r.when}: ${formatDateTime(r.date, r.zone ?? CLUB_TIME_ZONE)}`,
    link: `/events/${r.eventId}`,
  };
}

/** A place freed for the first in line on the waitlist: pay before the hold lapses. */
export function waitlistOfferNotification(o: {
  userId: number;
  registrationId: number;
  eventId: number;
  title: string;
  expiresAt: Date;
  zone?: string;
}): NotificationMessage {
  return {
    type: "notify",
    kind: "waitlist_offer",
    userId: o.userId,
    key: `waitlist-offer:${o.registrationId}:${Math.floor(o.expiresAt.getTime() / 1000)}`,
    title: `A place is free at ${o.title}: pay by ${formatDateTime(o.expiresAt, o.zone ?? CLUB_TIME_ZONE)} to keep it`,
    link: `/events/${o.eventId}/payment`,
  };
}

/** A week of the member's Wari training plan starts today: its goals, once per plan and week. */
export function planWeekNotification(w: {
  userId: number;
  planId: number;
  week: number;
  weeks: number;
  weeklyKm: number;
  longRideKm: number;
  phase: string;
  recovery: boolean;
}): NotificationMessage {
  const goals = `${formatNumber(w.weeklyKm, 0)} km, the long ride ${formatNumber(w.longRideKm, 0)} km`;
  return {
    type: "notify",
    kind: "plan_week",
    userId: w.userId,
    key: `plan-week:${w.planId}:${w.week}`,
    title: `Week ${w.week} of ${w.weeks} of your Wari plan starts today (${w.phase}${w.recovery ? ", a lighter week" : ""}): ${goals}`,
    link: "/wari",
  };
}

/**
 * Seconds until the member's quiet hours end, or 0 outside them. `start` and
 * `end` are minutes after midnight IST (start inclusive, end exclusive); a
 * window may wrap midnight (22:00–07:00). Null or equal bounds: no quiet hours.
 */
export function secondsUntilQuietEnds(now: Date, start: number | null, end: number | null): number {
  if (start === null || end === null || start === end) return 0;
  const minuteOfDay = Math.floor((now.getTime() / 60_000 + CLUB_UTC_OFFSET_MINUTES) % 1440);
  const inside =
    start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
  if (!inside) return 0;
  const minutesLeft = (end - minuteOfDay + 1440) % 1440;
  return minutesLeft * 60 - now.getUTCSeconds();
}

/** What a member's choices allow for one kind: a stored choice wins over the default. */
export function channelEnabled(
  kind: NotificationKind,
  channel: NotificationChannel,
  choices: { kind: string; channel: string; enabled: boolean }[],
): boolean {
  if (!CHANNELS_OF[kind].includes(channel)) return false;
  const choice = choices.find((c) => c.kind === kind && c.channel === channel);
  return choice ? choice.enabled : DEFAULT_PREFERENCES[kind][channel];
}
