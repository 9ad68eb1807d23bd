/**
 * "Download my data" (docs/decisions/022): everything the app holds about the
 * member, and nothing about anyone else. One D1 batch reads every table by the
 * member's id; the screenshots come from R2 in parallel; strings are built
 * once and zipped once (the Worker's CPU limit). Never exported: the password
 * hash, the encrypted Strava tokens, the session version, other members' rows
 * (only the titles of the challenges and events the member took part in).
 */
import { eq, getTableColumns, inArray } from "drizzle-orm";
import { strToU8, Zip, ZipPassThrough } from "fflate";
import {
  challengeParticipations,
  challengeProgressAudit,
  challenges,
  eventHistory,
  eventRefunds,
  eventRegistrations,
  events,
  eventWaitlist,
  digestSends,
  feedback,
  feedCommentReports,
  feedComments,
  feedItems,
  feedKudos,
  fitnessProfiles,
  notificationPreferences,
  notifications,
  notificationSettings,
  pushSubscriptions,
  trainingLoadCache,
  wariResults,
  uploads as activityUploads,
  payments,
  recommendations,
  stravaConnections,
  syncStatus,
  trainingPlans,
  trainingProgress,
  wariRegistrations,
  type User,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { ACTIVITY_EXPORT_COLUMNS, memberActivitiesForExport } from "~/modules/activities/queries.server";
import { tracksForExport } from "~/modules/activities/tracks.server";
import { consumeAttempt } from "~/modules/auth/rate-limit.server";
import { toCsv } from "~/lib/csv";
import { EXPORTS_PER_HOUR } from "./schema";

/** The users columns that are secrets or internal counters: never exported. */
const SECRET_USER_COLUMNS = new Set(["passwordHash", "sessionVersion"]);

const columnsOf = (table: Parameters<typeof getTableColumns>[0]) => Object.keys(getTableColumns(table));

/** The profile as exported: every users column but the secrets. */
function profileOf(user: User): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).filter(([key]) => !SECRET_USER_COLUMNS.has(key)));
}

const registrationsOfMember = (app: AppContext, userId: number) =>
  app.db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.userId, userId));

const plansOfMember = (app: AppContext, userId: number) =>
  app.db.select({ id: trainingPlans.id }).from(trainingPlans).where(eq(trainingPlans.userId, userId));

/** Every statement of the export, in one batch (one D1 round trip). */
function exportStatements(app: AppContext, userId: number) {
  const { db } = app;
  return [
    db
      .select({
        athleteId: stravaConnections.athleteId,
        athleteName: stravaConnections.athleteName,
        scope: stravaConnections.scope,
        tokenExpired: stravaConnections.tokenExpired,
        connectedAt: stravaConnections.createdAt,
        updatedAt: stravaConnections.updatedAt,
      })
      .from(stravaConnections)
      .where(eq(stravaConnections.userId, userId)),
    db
      .select({
        state: syncStatus.state,
        lastSyncAt: syncStatus.lastSyncAt,
        memberSyncAt: syncStatus.memberSyncAt,
        updatedAt: syncStatus.updatedAt,
      })
      .from(syncStatus)
      .where(eq(syncStatus.userId, userId)),
    memberActivitiesForExport(db, userId),
    db
      .select({
        ...getTableColumns(challengeParticipations),
        challengeTitle: challenges.title,
        challengeSportType: challenges.sportType,
        challengeStartDate: challenges.startDate,
        challengeEndDate: challenges.endDate,
      })
      .from(challengeParticipations)
      .innerJoin(challenges, eq(challenges.id, challengeParticipations.challengeId))
      .where(eq(challengeParticipations.userId, userId))
      .orderBy(challengeParticipations.id),
    db
      .select({
        challengeId: challengeProgressAudit.challengeId,
        oldProgress: challengeProgressAudit.oldProgress,
        newProgress: challengeProgressAudit.newProgress,
        createdAt: challengeProgressAudit.createdAt,
      })
      .from(challengeProgressAudit)
      .where(eq(challengeProgressAudit.userId, userId))
      .orderBy(challengeProgressAudit.id),
    db
      .select({
        ...getTableColumns(eventRegistrations),
        eventTitle: events.title,
        eventDate: events.date,
        eventLocation: events.location,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.userId, userId))
      .orderBy(eventRegistrations.id),
    db
      .select()
      .from(payments)
      .where(inArray(payments.registrationId, registrationsOfMember(app, userId)))
      .orderBy(payments.id),
    db
      .select({ ...getTableColumns(eventWaitlist), eventTitle: events.title, eventDate: events.date })
      .from(eventWaitlist)
      .innerJoin(events, eq(events.id, eventWaitlist.eventId))
      .where(eq(eventWaitlist.userId, userId))
      .orderBy(eventWaitlist.id),
    db
      .select()
      .from(eventRefunds)
      .where(inArray(eventRefunds.registrationId, registrationsOfMember(app, userId)))
      .orderBy(eventRefunds.id),
    db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(feedback.id),
    db
      .select()
      .from(wariRegistrations)
      .where(eq(wariRegistrations.userId, userId))
      .orderBy(wariRegistrations.id),
    db.select().from(trainingPlans).where(eq(trainingPlans.userId, userId)).orderBy(trainingPlans.id),
    db
      .select()
      .from(trainingProgress)
      .where(inArray(trainingProgress.planId, plansOfMember(app, userId)))
      .orderBy(trainingProgress.planId, trainingProgress.week),
    db.select().from(recommendations).where(eq(recommendations.userId, userId)).orderBy(recommendations.id),
    db.select().from(fitnessProfiles).where(eq(fitnessProfiles.userId, userId)),
    db.select().from(eventHistory).where(eq(eventHistory.userId, userId)).orderBy(eventHistory.eventYear),
    db.select().from(activityUploads).where(eq(activityUploads.userId, userId)).orderBy(activityUploads.id),
    db
      .select({ days: trainingLoadCache.days, computedAt: trainingLoadCache.computedAt })
      .from(trainingLoadCache)
      .where(eq(trainingLoadCache.userId, userId)),
    db.select().from(wariResults).where(eq(wariResults.userId, userId)).orderBy(wariResults.editionYear),
    tracksForExport(app, userId),
    // The club feed and notifications (issue #41): the member's own items, kudos, comments and
    // reports, what the app told them and how, never another member's rows.
    db.select().from(feedItems).where(eq(feedItems.userId, userId)).orderBy(feedItems.id),
    db.select().from(feedKudos).where(eq(feedKudos.userId, userId)).orderBy(feedKudos.itemId),
    db.select().from(feedComments).where(eq(feedComments.userId, userId)).orderBy(feedComments.id),
    db
      .select()
      .from(feedCommentReports)
      .where(eq(feedCommentReports.userId, userId))
      .orderBy(feedCommentReports.commentId),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id),
    db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .orderBy(notificationPreferences.kind, notificationPreferences.channel),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    // A device's push keys are secrets of that device: its address and dates only.
    db
      .select(PUSH_DEVICE_COLUMNS)
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.id),
    db.select().from(digestSends).where(eq(digestSends.userId, userId)).orderBy(digestSends.week),
  ] as const;
}

/** The push_subscriptions columns exported: all but the device's keys. */
const PUSH_DEVICE_COLUMNS = Object.fromEntries(
  Object.entries(getTableColumns(pushSubscriptions)).filter(([key]) => key !== "p256dh" && key !== "auth"),
) as Omit<ReturnType<typeof getTableColumns<typeof pushSubscriptions>>, "p256dh" | "auth">;

/** File name of a feedback screenshot inside the ZIP (its R2 key's extension). */
function screenshotFile(row: { id: number; screenshotKey: string | null }): string | null {
  if (!row.screenshotKey) return null;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(row.screenshotKey)?.[1]?.toLowerCase() ?? "bin";
  return `screenshots/feedback-${row.id}.${extension}`;
}

/** Everything the app holds about the member, as data.json shows it. */
export async function collectMemberData(app: AppContext, user: User) {
  const [
    strava,
    sync,
    activityRows,
    participations,
    progressCorrections,
    registrations,
    paymentRows,
    waitlistRows,
    refundRows,
    feedbackRows,
    wariRows,
    plans,
    progress,
    recommendationRows,
    fitness,
    history,
    uploadRows,
    trainingLoad,
    wariResultRows,
    trackRows,
    feedItemRows,
    kudosRows,
    commentRows,
    reportRows,
    notificationRows,
    preferenceRows,
    settingRows,
    deviceRows,
    digestRows,
  ] = await app.db.batch(exportStatements(app, user.id));
  return {
    exportedAt: app.now().toISOString(),
    about:
      "Everything CycleWari Community holds about you. Distances are metres, times seconds, money paise, dates ISO-8601 UTC.",
    profile: profileOf(user),
    stravaConnection: strava[0] ?? null,
    syncStatus: sync[0] ?? null,
    activities: activityRows,
    /** The activity files the member uploaded (the files themselves: download them from /activities/upload). */
    activityUploads: uploadRows,
    /** Each activity's route (Google encoded polyline), per-km splits and profile (issue #40). */
    activityTracks: trackRows.map((t) => ({
      activityId: t.activityId,
      polyline: t.polyline,
      splits: t.splits ? (JSON.parse(t.splits) as unknown) : null,
      profile: t.profile ? (JSON.parse(t.profile) as unknown) : null,
    })),
    challengeParticipations: participations,
    challengeProgressCorrections: progressCorrections,
    eventRegistrations: registrations,
    payments: paymentRows,
    /** The event waitlists the member is or was on, with the details they gave (issue #15). */
    eventWaitlist: waitlistRows,
    /** Refunds of the member's event payments (amounts in paise). */
    refunds: refundRows,
    feedback: feedbackRows.map((row) => ({ ...row, screenshotFile: screenshotFile(row) })),
    wari: {
      registrations: wariRows,
      trainingPlans: plans,
      trainingProgress: progress,
      /** The member's results of past editions, with the club's review if any (decision 045). */
      results: wariResultRows,
      /** The daily training load behind the fitness chart (derived from the activities; decision 024). */
      dailyTrainingLoad: trainingLoad[0] ?? null,
    },
    recommendations: recommendationRows,
    fitnessProfile: fitness[0] ?? null,
    eventHistory: history,
    /** The club feed (issue #41): the member's milestones, and the kudos, comments and reports they gave. */
    club: {
      items: feedItemRows,
      kudosGiven: kudosRows,
      comments: commentRows,
      reports: reportRows,
    },
    /** What the app told the member, their choices per kind and channel, quiet hours, devices, digests. */
    notifications: {
      sent: notificationRows,
      preferences: preferenceRows,
      settings: settingRows[0] ?? null,
      pushDevices: deviceRows,
      weeklyDigests: digestRows,
    },
  };
}

export type MemberData = Awaited<ReturnType<typeof collectMemberData>>;

/** The CSV files of the ZIP: one per table, header row even when empty. */
function csvFiles(data: MemberData): Record<string, string> {
  const rows = <T extends object>(list: readonly T[]) => list as unknown as Record<string, unknown>[];
  const profile = data.profile;
  const withExtra = (table: Parameters<typeof getTableColumns>[0], extra: string[]) => [
    ...columnsOf(table),
    ...extra,
  ];
  return {
    "profile.csv": toCsv(Object.keys(profile), [profile]),
    "activities.csv": toCsv(ACTIVITY_EXPORT_COLUMNS, rows(data.activities)),
    "activity-uploads.csv": toCsv(columnsOf(activityUploads), rows(data.activityUploads)),
    "activity-tracks.csv": toCsv(
      ["activityId", "polyline", "splits", "profile"],
      data.activityTracks.map((t) => ({
        activityId: t.activityId,
        polyline: t.polyline,
        splits: t.splits === null ? null : JSON.stringify(t.splits),
        profile: t.profile === null ? null : JSON.stringify(t.profile),
      })),
    ),
    "challenge-participations.csv": toCsv(
      withExtra(challengeParticipations, [
        "challengeTitle",
        "challengeSportType",
        "challengeStartDate",
        "challengeEndDate",
      ]),
      rows(data.challengeParticipations),
    ),
    "challenge-progress-corrections.csv": toCsv(
      ["challengeId", "oldProgress", "newProgress", "createdAt"],
      rows(data.challengeProgressCorrections),
    ),
    "event-registrations.csv": toCsv(
      withExtra(eventRegistrations, ["eventTitle", "eventDate", "eventLocation"]),
      rows(data.eventRegistrations),
    ),
    "payments.csv": toCsv(columnsOf(payments), rows(data.payments)),
    "event-waitlist.csv": toCsv(
      withExtra(eventWaitlist, ["eventTitle", "eventDate"]),
      rows(data.eventWaitlist),
    ),
    "refunds.csv": toCsv(columnsOf(eventRefunds), rows(data.refunds)),
    "feedback.csv": toCsv(withExtra(feedback, ["screenshotFile"]), rows(data.feedback)),
    "wari-registrations.csv": toCsv(columnsOf(wariRegistrations), rows(data.wari.registrations)),
    "wari-training-plans.csv": toCsv(columnsOf(trainingPlans), rows(data.wari.trainingPlans)),
    "wari-training-progress.csv": toCsv(columnsOf(trainingProgress), rows(data.wari.trainingProgress)),
    "wari-results.csv": toCsv(columnsOf(wariResults), rows(data.wari.results)),
    "recommendations.csv": toCsv(columnsOf(recommendations), rows(data.recommendations)),
    "fitness-profile.csv": toCsv(
      columnsOf(fitnessProfiles),
      data.fitnessProfile ? [data.fitnessProfile] : [],
    ),
    "event-history.csv": toCsv(columnsOf(eventHistory), rows(data.eventHistory)),
    "club-feed-items.csv": toCsv(columnsOf(feedItems), rows(data.club.items)),
    "club-kudos.csv": toCsv(columnsOf(feedKudos), rows(data.club.kudosGiven)),
    "club-comments.csv": toCsv(columnsOf(feedComments), rows(data.club.comments)),
    "club-comment-reports.csv": toCsv(columnsOf(feedCommentReports), rows(data.club.reports)),
    "notifications.csv": toCsv(columnsOf(notifications), rows(data.notifications.sent)),
    "notification-preferences.csv": toCsv(
      columnsOf(notificationPreferences),
      rows(data.notifications.preferences),
    ),
    "notification-settings.csv": toCsv(
      columnsOf(notificationSettings),
      data.notifications.settings ? [data.notifications.settings] : [],
    ),
    "push-devices.csv": toCsv(Object.keys(PUSH_DEVICE_COLUMNS), rows(data.notifications.pushDevices)),
    "weekly-digests.csv": toCsv(columnsOf(digestSends), rows(data.notifications.weeklyDigests)),
  };
}

const README = `Your data from CycleWari Community

data.json      everything below in one file
*.csv          one table each (open in any spreadsheet)
screenshots/   the screenshots you attached to feedback

Distances are metres, times seconds, money paise (1/100 rupee), dates ISO-8601 UTC.
Cells starting with = + - or @ carry a leading ' so spreadsheets show them as text.
`;

/** The member's screenshots from R2 (a missing object is left out, never an error). */
async function screenshots(app: AppContext, data: MemberData): Promise<[string, Uint8Array][]> {
  const entries = await Promise.all(
    data.feedback.map(async (row) => {
      if (!row.screenshotKey || !row.screenshotFile) return null;
      const object = await app.env.UPLOADS.get(row.screenshotKey);
      if (!object) return null;
      return [row.screenshotFile, new Uint8Array(await object.arrayBuffer())] as [string, Uint8Array];
    }),
  );
  return entries.filter((entry) => entry !== null);
}

/** `data` deflated (raw DEFLATE, as a ZIP entry holds it) by the runtime's native zlib. */
async function deflateRaw(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A ZIP entry whose bytes were deflated beforehand: fflate's ZipPassThrough
 * sums the CRC and size of the original bytes pushed to it, and this hands the
 * archive the deflated bytes instead (fflate's documented way to plug in
 * another compressor).
 */
class DeflatedEntry extends ZipPassThrough {
  constructor(
    filename: string,
    private readonly deflated: Uint8Array<ArrayBuffer>,
  ) {
    super(filename);
    this.compression = 8;
  }
  override process(_original: Uint8Array, final: boolean) {
    this.ondata!(null, this.deflated, final);
  }
}

/**
 * The ZIP of `texts` (deflated natively: fflate's own DEFLATE in JavaScript took
 * ~2 s of the Worker's CPU for a 20,000-activity member, decision 047) and
 * `stored` (compressed already: stored as they are).
 */
async function zipFiles(texts: [string, Uint8Array][], stored: [string, Uint8Array][]): Promise<Blob> {
  const deflated = await Promise.all(texts.map(([, bytes]) => deflateRaw(bytes)));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  texts.forEach(([name, bytes], i) => {
    const entry = new DeflatedEntry(name, deflated[i]!);
    zip.add(entry);
    entry.push(bytes, true);
  });
  for (const [name, bytes] of stored) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  if (failure) throw failure;
  return new Blob(chunks);
}

/** `cyclewari-data-<username>-<YYYY-MM-DD>.<extension>` (the name reduced to safe characters). */
export function exportFileName(app: AppContext, user: Pick<User, "username">, extension: "zip" | "json") {
  const name = user.username.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) || "member";
  return `cyclewari-data-${name}-${app.now().toISOString().slice(0, 10)}.${extension}`;
}

/** The download: the ZIP (data.json, CSVs, screenshots) or data.json alone. */
export async function exportMemberData(
  app: AppContext,
  user: User,
  format: "zip" | "json",
): Promise<Response> {
  await consumeAttempt(app, [{ key: `export:user:${user.id}`, max: EXPORTS_PER_HOUR, windowSeconds: 3600 }]);
  const data = await collectMemberData(app, user);
  const json = JSON.stringify(data, null, 2);
  const headers = (type: string, extension: "zip" | "json") => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${exportFileName(app, user, extension)}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (format === "json") return new Response(json, { headers: headers("application/json", "json") });
  const texts: [string, Uint8Array][] = [
    ["README.txt", strToU8(README)],
    ["data.json", strToU8(json)],
    ...Object.entries(csvFiles(data)).map(([name, csv]): [string, Uint8Array] => [name, strToU8(csv)]),
  ];
  const zip = await zipFiles(texts, await screenshots(app, data));
  return new Response(zip, { headers: headers("application/zip", "zip") });
}
