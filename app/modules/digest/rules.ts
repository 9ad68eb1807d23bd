/**
 * The weekly digest's pure rules (issue #41, docs/decisions/054-weekly-digest-and-health.md):
 * the IST week it reports, when it is due, the key that keeps it single, who may
 * appear in its club highlights, and the e-mail it becomes.
 */
import {
  formatDuration,
  formatMetresAsKm,
  formatEventDate,
  CLUB_TIME_ZONE,
  CLUB_UTC_OFFSET_MINUTES,
  plural,
} from "~/lib/format";

const IST_OFFSET_MS = CLUB_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
/** The digest goes out from Monday 07:00 IST. */
export const DIGEST_HOUR_IST = 7;

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface IstWeek {
  /** The Monday, YYYY-MM-DD (IST): the week's name and the digest's key. */
  week: string;
  /** The Sunday, YYYY-MM-DD (IST). */
  lastDay: string;
  /** Monday 00:00 IST and the next Monday 00:00 IST, as instants. */
  start: Date;
  end: Date;
}

/** The IST week (Monday–Sunday) holding `at`; `weeksBack` = 1 is the week before it. */
export function istWeekOf(at: Date, weeksBack = 0): IstWeek {
  const wall = at.getTime() + IST_OFFSET_MS;
  const dayStart = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = dayStart - weekday * DAY_MS - weeksBack * 7 * DAY_MS;
  return {
    week: ymd(monday),
    lastDay: ymd(monday + 6 * DAY_MS),
    start: new Date(monday - IST_OFFSET_MS),
    end: new Date(monday + 7 * DAY_MS - IST_OFFSET_MS),
  };
}

/** The IST week named by its Monday (YYYY-MM-DD), as queue messages and digest_sends carry it. */
export const istWeekNamed = (week: string): IstWeek => istWeekOf(new Date(`${week}T12:00:00+05:30`));

/**
 * The week whose digest is due at `now`: the week just ended, once this week's
 * Monday 07:00 IST has passed (until then, none: last week's went out already).
 */
export function dueDigestWeek(now: Date): IstWeek | null {
  const thisWeek = istWeekOf(now);
  if (now.getTime() < thisWeek.start.getTime() + DIGEST_HOUR_IST * 3_600_000) return null;
  return istWeekOf(now, 1);
}

/** One digest per member and week: the provider's idempotency key and the digest_sends row. */
export const digestKey = (userId: number, week: string) => `digest:${userId}:${week}`;

export interface DigestHighlight {
  id: number;
  /** The member the milestone is about (null: an admins' announcement). */
  userId: number | null;
  /** Whether that member's sharing choice lets other members see it (privacy's feed rule). */
  shared: boolean;
  label: string;
  kudos: number;
}

/** The club highlights `viewerId` may see: their own, announcements, and others' only with consent. */
export function highlightsFor(viewerId: number, items: DigestHighlight[], max = 5): DigestHighlight[] {
  return items.filter((i) => i.userId === null || i.userId === viewerId || i.shared).slice(0, max);
}

export interface DigestContent {
  member: { id: number; username: string; email: string };
  week: IstWeek;
  totals: { activities: number; distance: number; movingTime: number };
  challenges: { id: number; title: string; rank: number; participants: number; percent: number | null }[];
  events: { id: number; title: string; date: Date; location: string }[];
  highlights: DigestHighlight[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The digest e-mail: the member's week, challenges' standings, upcoming events, club highlights. */
export function digestEmail(content: DigestContent, links: { base: string; unsubscribe: string }) {
  const { totals, week } = content;
  const yourWeek =
    totals.activities === 0
      ? "No activities this week. A short ride or run counts: see you out there."
      : `${plural(totals.activities, "activity", "activities")}, ${formatMetresAsKm(totals.distance)}, ${formatDuration(totals.movingTime)}`;
  const sections: { title: string; lines: { text: string; href?: string }[] }[] = [
    { title: `Your week (${week.week} to ${week.lastDay})`, lines: [{ text: yourWeek }] },
    {
      title: "Your challenges",
      lines: content.challenges.length
        ? content.challenges.map((c) => ({
            text: `${c.title}: rank ${c.rank} of ${c.participants}${c.percent === null ? "" : `, ${Math.round(c.percent)}%`}`,
            href: `${links.base}/challenges/${c.id}`,
          }))
        : [{ text: "You are in no running challenge.", href: `${links.base}/challenges` }],
    },
    {
      title: "Upcoming events (next 14 days)",
      lines: content.events.length
        ? content.events.map((e) => ({
            text: `${e.title}, ${formatEventDate(e.date, CLUB_TIME_ZONE)}, ${e.location}`,
            href: `${links.base}/events/${e.id}`,
          }))
        : [{ text: "No events in the next 14 days." }],
    },
    {
      title: "Club highlights",
      lines: content.highlights.length
        ? content.highlights.map((h) => ({
            text: `${h.label}${h.kudos ? ` (${plural(h.kudos, "kudo")})` : ""}`,
            href: `${links.base}/club#item-${h.id}`,
          }))
        : [{ text: "A quiet week in the club." }],
    },
  ];
  const text = [
    `Hello ${content.member.username},`,
    ...sections.map(
      (s) => `${s.title}\n${s.lines.map((l) => `- ${l.text}${l.href ? ` (${l.href})` : ""}`).join("\n")}`,
    ),
    `No more weekly digests: ${links.unsubscribe}`,
  ].join("\n\n");
  const html = [
    `<p>Hello ${escapeHtml(content.member.username)},</p>`,
    ...sections.map(
      (s) =>
        `<h2 style="font-size:16px">${escapeHtml(s.title)}</h2><ul>${s.lines
          .map((l) =>
            l.href
              ? `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`
              : `<li>${escapeHtml(l.text)}</li>`,
          )
          .join("")}</ul>`,
    ),
    `<p style="font-size:12px"><a href="${escapeHtml(links.unsubscribe)}">No more weekly digests</a></p>`,
  ].join("");
  return { subject: `Your week in the club: ${week.week} to ${week.lastDay}`, text, html };
}
