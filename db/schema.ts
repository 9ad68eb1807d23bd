/**
 * The whole data model of both spec parts. Timestamps are integer Unix
 * seconds (drizzle `mode: "timestamp"`), distances metres, times seconds,
 * money paise. Enumerations of the spec are CHECK constraints.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

export const GENDERS = ["male", "female", "other", "not_specified"] as const;
export const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const;
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-", "Unknown"] as const;
export const CHALLENGE_SPORTS = ["Run", "Ride", "Swim", "Walk", "Hike", "AllSports"] as const;
/** What a challenge counts (issue #39 item 1, docs/decisions/043-challenge-goal-kinds.md). */
export const CHALLENGE_GOALS = ["distance", "elevation", "time", "days", "count"] as const;
/** How progress aggregates the goal's measure (migration 0027, decision 049): a sum, the longest activity, a club total. */
export const CHALLENGE_GOAL_MODES = ["total", "longest", "group"] as const;
export const RECOMMENDATION_SPORTS = ["Run", "Ride", "Swim"] as const;
export const DIFFICULTIES = ["easy", "moderate", "hard"] as const;
export const RECOMMENDATION_STATUSES = ["pending", "completed", "skipped"] as const;
export const FITNESS_LEVELS = ["beginner", "intermediate", "advanced", "elite"] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "completed"] as const;
/**
 * Why a registration no longer holds a place: its unpaid hold ran out, an admin
 * removed it, the member cancelled it, or the whole event was cancelled
 * (docs/decisions/016-seat-holds.md, 025-registration-states.md).
 */
export const RELEASE_REASONS = ["expired", "removed", "cancelled", "event_cancelled"] as const;
/** A waitlist entry: in line, offered a held place, took it (registered), let it lapse, or left. */
export const WAITLIST_STATUSES = ["waiting", "offered", "registered", "lapsed", "left"] as const;
/** Our refund record: created (maybe not yet sent), then Razorpay's outcome. */
export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export const EMAIL_KINDS = ["receipt", "reminder_7d", "reminder_1d"] as const;
export const EMAIL_DELIVERY_STATUSES = ["sent", "failed"] as const;
/** Who moved a registration (docs/decisions/025-registration-states.md). */
export const AUDIT_ACTORS = ["member", "admin", "system", "razorpay"] as const;
export const PAYMENT_ORDER_STATUSES = ["created", "paid", "failed"] as const;
export const FEEDBACK_TYPES = ["bug", "feature", "improvement", "praise", "other"] as const;
export const FEEDBACK_STATUSES = ["pending", "in_progress", "resolved", "closed"] as const;
export const TOKEN_PURPOSES = ["verify_email", "reset_password"] as const;
export const SYNC_STATES = ["idle", "queued", "running", "deferred", "completed", "error"] as const;
export const SYNC_TRIGGERS = ["connect", "user", "admin", "cron", "webhook"] as const;
export const SYNC_MODES = ["backfill", "incremental"] as const;
export const WARI_CATEGORIES = ["Beginner", "Intermediate", "Advanced", "Elite"] as const;

/** `col IN ('a','b')` for a CHECK constraint; values are our own constants, never user input. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(", ")})`);
}

const createdAt = () =>
  integer("created_at", { mode: "timestamp" })
    .notNull()
    .default(sql`(unixepoch())`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp" })
    .notNull()
    .default(sql`(unixepoch())`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    googleId: text("google_id"),
    stravaId: integer("strava_id"),
    profileCompleted: integer("profile_completed", { mode: "boolean" }).notNull().default(false),
    profileImageUrl: text("profile_image_url"),
    gender: text("gender", { enum: GENDERS }),
    age: integer("age"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    tshirtSize: text("tshirt_size", { enum: SIZES }),
    jerseySize: text("jersey_size", { enum: SIZES }),
    bloodGroup: text("blood_group", { enum: BLOOD_GROUPS }),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    emergencyContactRelation: text("emergency_contact_relation"),
    /** Bumped on password change, reset and deactivation: sessions from before are refused. */
    sessionVersion: integer("session_version").notNull().default(1),
    /**
     * Consent default for challenges joined from now on (docs/decisions/020):
     * false = other participants see my name and progress only, true = also my
     * matching activities. Each participation keeps its own choice.
     */
    shareActivities: integer("share_activities", { mode: "boolean" }).notNull().default(false),
    /**
     * When the member agreed, at Strava connect, that their imported activities
     * stay if they disconnect (docs/decisions/021). NULL: they are deleted.
     */
    keepStravaActivitiesAt: integer("keep_strava_activities_at", { mode: "timestamp" }),
    /**
     * The athlete's Strava profile photo (`profile_medium` of the token
     * answer), kept while Strava is connected and cleared on disconnect or
     * deauthorization. Strava data: shown to the member, and to others only
     * with `showStravaPhoto` (docs/decisions/029-strava-profile-photos.md).
     */
    stravaPhotoUrl: text("strava_photo_url"),
    /** The member allowed other members to see their Strava photo (default: no). */
    showStravaPhoto: integer("show_strava_photo", { mode: "boolean" }).notNull().default(false),
    /**
     * The member's time zone for the app's dates and times (an IANA name); NULL: the
     * browser's (the `tz` cookie), else the club's (docs/decisions/042-member-time-zone.md).
     */
    timeZone: text("time_zone"),
    /**
     * Metres hidden at each end of the member's maps where others may see them
     * (a shared challenge; docs/decisions/050-activity-tracks.md): 0, 200, 500 or 1000.
     */
    mapPrivacyMetres: integer("map_privacy_metres").notNull().default(200),
    /** The club feed shows the member's event registrations (decision 051; default: no). */
    shareEventRegistrations: integer("share_event_registrations", { mode: "boolean" })
      .notNull()
      .default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_id_unique").on(t.googleId),
    uniqueIndex("users_strava_id_unique").on(t.stravaId),
    index("users_created_at_idx").on(t.createdAt),
    check("users_gender_check", sql`${t.gender} IS NULL OR ${oneOf("gender", GENDERS)}`),
    check("users_tshirt_check", sql`${t.tshirtSize} IS NULL OR ${oneOf("tshirt_size", SIZES)}`),
    check("users_jersey_check", sql`${t.jerseySize} IS NULL OR ${oneOf("jersey_size", SIZES)}`),
    check("users_blood_check", sql`${t.bloodGroup} IS NULL OR ${oneOf("blood_group", BLOOD_GROUPS)}`),
    check("users_age_check", sql`${t.age} IS NULL OR ${t.age} > 0`),
    check("users_map_privacy_check", sql`${t.mapPrivacyMetres} IN (0, 200, 500, 1000)`),
  ],
);

/** E-mail verification and password-reset tokens, stored as SHA-256 hashes; single use. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the token was mailed to (lower case); honoured only while the account still has it. */
    email: text("email"),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_hash_unique").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose_check", oneOf("purpose", TOKEN_PURPOSES)),
  ],
);

/**
 * Confirmations of linking a sign-in provider (Google) to an existing account,
 * mailed to the account's address: single use, hashed, expiring, and honoured
 * only while the account still has that address (docs/decisions/006).
 */
export const accountLinkTokens = sqliteTable(
  "account_link_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    picture: text("picture"),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_link_tokens_hash_unique").on(t.tokenHash),
    index("account_link_tokens_user_idx").on(t.userId),
  ],
);

/** Fixed-window counters for login and forgot-password throttling (D1, not KV: KV is eventually consistent). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** A member's Strava link; tokens are AES-GCM encrypted with TOKEN_ENCRYPTION_KEY. */
export const stravaConnections = sqliteTable(
  "strava_connections",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    athleteId: integer("athlete_id").notNull(),
    /** "Firstname Lastname" from the token answer, refreshed on every connect (migration 0022); null if Strava sent none. */
    athleteName: text("athlete_name"),
    accessTokenEnc: text("access_token_enc").notNull(),
    refreshTokenEnc: text("refresh_token_enc").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    scope: text("scope"),
    tokenExpired: integer("token_expired", { mode: "boolean" }).notNull().default(false),
    /** Incremented on each token rotation; conditional updates compare it so a rotated refresh token is never lost. */
    tokenVersion: integer("token_version").notNull().default(1),
    /** Single-flight token refresh: the worker that claimed the refresh holds it until then (conditional UPDATE claim). */
    refreshClaimedUntil: integer("refresh_claimed_until", { mode: "timestamp" }),
    /** Webhook folding (docs/decisions/014): when a webhook last started this member's sync; one per interval. */
    webhookSyncAt: integer("webhook_sync_at", { mode: "timestamp" }),
    /** A webhook hint arrived inside the interval: one delayed "webhook-sync" message is on the queue for it. */
    webhookSyncPending: integer("webhook_sync_pending", { mode: "boolean" }).notNull().default(false),
    /** Reads spent confirming delete/deauthorization hints in the current interval (at most WEBHOOK_CHECKS_PER_INTERVAL). */
    webhookChecksStart: integer("webhook_checks_start", { mode: "timestamp" }),
    webhookChecks: integer("webhook_checks").notNull().default(0),
    /** When the last create/update hint for this athlete arrived: the cron refreshes only athletes quiet for longer than STRAVA_QUIET_REFRESH_HOURS. */
    lastWebhookAt: integer("last_webhook_at", { mode: "timestamp" }),
    /**
     * Create/update hints not yet answered by a read, as a JSON array of
     * [activity id, received at (ms)] (at most WEBHOOK_HINTS_PER_MEMBER; [0, ms]
     * marks an overflow). A sync whose read returns a hinted activity answers
     * the hints that came before the read, so a burst costs one read
     * (docs/decisions/027-sync-scheduler.md).
     */
    webhookHints: text("webhook_hints").notNull().default("[]"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("strava_connections_athlete_unique").on(t.athleteId)],
);

/** One row per member: what the sync banner and the admin sync tab show. */
export const syncStatus = sqliteTable(
  "sync_status",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: SYNC_STATES }).notNull().default("idle"),
    mode: text("mode", { enum: SYNC_MODES }),
    error: text("error"),
    progressCurrent: integer("progress_current").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    currentJobId: integer("current_job_id"),
    initiatedBy: text("initiated_by", { enum: SYNC_TRIGGERS }),
    startedAt: integer("started_at", { mode: "timestamp" }),
    lastSyncAt: integer("last_sync_at", { mode: "timestamp" }),
    /** When the member last started a sync themselves ("sync now"); the cooldown runs from here. */
    memberSyncAt: integer("member_sync_at", { mode: "timestamp" }),
    /** While deferred for Strava's rate limit or the app's budget: when the next window opens. */
    resumesAt: integer("resumes_at", { mode: "timestamp" }),
    /** When the member last opened the app (written at most once per 15 minutes; decision 059, migration 0036). */
    openedAt: integer("opened_at", { mode: "timestamp" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sync_status_last_sync_idx").on(t.lastSyncAt),
    index("sync_status_opened_idx").on(t.openedAt),
    check("sync_status_state_check", oneOf("state", SYNC_STATES)),
  ],
);

/** One sync run (a chain of queue messages); progress is recorded per page. */
export const syncJobs = sqliteTable(
  "sync_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: SYNC_MODES }).notNull(),
    initiatedBy: text("initiated_by", { enum: SYNC_TRIGGERS }).notNull(),
    status: text("status", { enum: SYNC_STATES }).notNull().default("queued"),
    /** Incremental: only activities after this (epoch seconds). */
    afterEpoch: integer("after_epoch"),
    /** Backfill: only activities before this (fixed at job start so pages stay stable). */
    beforeEpoch: integer("before_epoch"),
    nextPage: integer("next_page").notNull().default(1),
    /** Consecutive deferrals for 5xx answers; too many becomes an error. */
    serverErrors: integer("server_errors").notNull().default(0),
    pagesDone: integer("pages_done").notNull().default(0),
    activitiesSaved: integer("activities_saved").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: integer("finished_at", { mode: "timestamp" }),
  },
  (t) => [
    index("sync_jobs_user_idx").on(t.userId, t.createdAt),
    index("sync_jobs_status_updated_idx").on(t.status, t.updatedAt),
    check("sync_jobs_status_check", oneOf("status", SYNC_STATES)),
  ],
);

/** The app-wide Strava read budget (one row per window), shared by every worker. */
export const providerBudget = sqliteTable(
  "provider_budget",
  {
    provider: text("provider").notNull(),
    window: text("window").notNull(),
    windowStart: integer("window_start").notNull(),
    used: integer("used").notNull().default(0),
    limit: integer("limit").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.window] })],
);

/** Strava's activity visibility values (https://developers.strava.com/docs/reference/#api-models-DetailedActivity). */
export const ACTIVITY_VISIBILITIES = ["everyone", "followers_only", "only_me"] as const;
export type ActivityVisibility = (typeof ACTIVITY_VISIBILITIES)[number];

/** Where an activity came from (issue #14): the Strava sync, an uploaded FIT/GPX/TCX file, Strava's archive CSV, a form. */
export const ACTIVITY_SOURCES = ["strava", "file", "archive", "manual"] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];
export const UPLOAD_KINDS = ["fit", "gpx", "tcx", "csv", "zip"] as const;
export const UPLOAD_STATUSES = ["queued", "saved", "duplicate", "refused"] as const;

/**
 * A member's uploaded file (FIT, GPX, TCX, or Strava's archive CSV/ZIP): the
 * original is kept in R2 under `r2Key`; a queue consumer parses it and records
 * the outcome here. Its activities point back to it (`activities.upload_id`).
 */
export const uploads = sqliteTable(
  "uploads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    size: integer("size").notNull(),
    r2Key: text("r2_key").notNull(),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull().default("queued"),
    /** The plain-language outcome shown to the member (why refused, what it duplicated, how many imported). */
    message: text("message"),
    saved: integer("saved").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("uploads_user_idx").on(t.userId, t.createdAt),
    // The cron's sweep of uploads stuck in the queue (migration 0014).
    index("uploads_queued_idx")
      .on(t.createdAt)
      .where(sql`status = 'queued'`),
    uniqueIndex("uploads_r2_key_unique").on(t.r2Key),
    check("uploads_kind_check", oneOf("kind", UPLOAD_KINDS)),
    check("uploads_status_check", oneOf("status", UPLOAD_STATUSES)),
  ],
);

export const activities = sqliteTable(
  "activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Strava's activity id; NULL for uploaded, imported and manual activities (unique when present). */
    stravaId: integer("strava_id"),
    /** Where the row came from; only `strava` rows go when a member disconnects Strava. */
    source: text("source", { enum: ACTIVITY_SOURCES }).notNull().default("strava"),
    /** The upload (file or archive) this activity was read from; deleting the upload deletes it. */
    uploadId: integer("upload_id").references(() => uploads.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Strava's legacy `type` (Ride, Run, VirtualRide, …). */
    type: text("type").notNull(),
    /** Strava's `sport_type`; the dashboard groups by it. */
    sportType: text("sport_type").notNull(),
    distance: real("distance").notNull().default(0),
    movingTime: integer("moving_time").notNull().default(0),
    elapsedTime: integer("elapsed_time").notNull().default(0),
    totalElevationGain: real("total_elevation_gain").notNull().default(0),
    startDate: integer("start_date", { mode: "timestamp" }).notNull(),
    startDateLocal: text("start_date_local").notNull(),
    timezone: text("timezone"),
    commute: integer("commute", { mode: "boolean" }).notNull().default(false),
    trainer: integer("trainer", { mode: "boolean" }).notNull().default(false),
    manual: integer("manual", { mode: "boolean" }).notNull().default(false),
    averageSpeed: real("average_speed"),
    maxSpeed: real("max_speed"),
    averageHeartrate: real("average_heartrate"),
    maxHeartrate: real("max_heartrate"),
    /**
     * Strava's `private` and `visibility`. NULL means unknown (synced before
     * these columns existed): such a row is treated as private until a sync
     * fills it in. Only `private = 0 AND visibility = 'everyone'` is shown to
     * other members (docs/decisions/018-activity-privacy.md).
     */
    private: integer("private", { mode: "boolean" }),
    visibility: text("visibility", { enum: ACTIVITY_VISIBILITIES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("activities_strava_id_unique").on(t.stravaId),
    index("activities_user_sport_start_idx").on(t.userId, t.sportType, t.startDate),
    index("activities_user_start_idx").on(t.userId, t.startDate),
    index("activities_user_commute_idx").on(t.userId, t.commute, t.startDate),
    // Covering index for the dashboard's per-sport totals and achievement band counts (index-only scans).
    index("activities_user_sport_distance_idx").on(
      t.userId,
      t.sportType,
      t.distance,
      t.movingTime,
      t.totalElevationGain,
    ),
    // Covering index for the admin reports across members: the 12-month trend is a range over start_date.
    index("activities_start_user_distance_idx").on(t.startDate, t.userId, t.distance),
    index("activities_upload_idx").on(t.uploadId),
    // The member's Strava activities counted from the index (the Strava page; decision 047).
    index("activities_user_source_idx").on(t.userId, t.source),
    check("activities_source_check", oneOf("source", ACTIVITY_SOURCES)),
    check("activities_strava_id_check", sql`(${t.source} = 'strava') = (${t.stravaId} IS NOT NULL)`),
  ],
);

/**
 * An activity's track (issue #40, docs/decisions/050-activity-tracks.md), one
 * row per activity that has one, beside the activities row so the lists never
 * read it: Strava's `map.summary_polyline` from the sync's list call, or an
 * uploaded file's simplified track; per-km splits and a downsampled profile
 * (JSON) from the file at import, or from Strava's detail read on the owner's
 * first view (`detailFetchedAt`). Deleted with its activity.
 */
export const activityTracks = sqliteTable(
  "activity_tracks",
  {
    activityId: integer("activity_id")
      .primaryKey()
      .references(() => activities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Google's encoded polyline; NULL when the activity has no positions. */
    polyline: text("polyline"),
    /** JSON Split[] (track-geometry.ts); NULL when not known. */
    splits: text("splits"),
    /** JSON Profile (track-geometry.ts); NULL when not known. */
    profile: text("profile"),
    /** When Strava's detail was read for splits and profile (once; NULL: not yet). */
    detailFetchedAt: integer("detail_fetched_at", { mode: "timestamp" }),
    updatedAt: updatedAt(),
  },
  (t) => [index("activity_tracks_user_idx").on(t.userId)],
);

/**
 * The member's heatmaps as last drawn (issue #36: drawing 2,000 routes takes
 * ~100 ms, reading this row ~1 ms), one row per member: `maps` is a JSON
 * object of filter key ("sport|year") → the page's data. `generation` grows
 * with every change of the member's activities or tracks (the "activities
 * changed" statements and every write of activity_tracks), which also empties
 * `maps`; a view stores what it drew only if the generation it started from is
 * still current (app/modules/activities/heatmap.server.ts).
 */
export const heatmapCache = sqliteTable("heatmap_cache", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  generation: integer("generation").notNull().default(0),
  maps: text("maps").notNull().default("{}"),
});

/**
 * The member's activity totals per local day (start_date_local) and sport type (issue #36):
 * rebuilt for the member with every write of their activities (app/modules/activities/summaries.server.ts).
 */
export const activityDayTotals = sqliteTable(
  "activity_day_totals",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD */
    day: text("day").notNull(),
    sportType: text("sport_type").notNull(),
    activityCount: integer("activity_count").notNull(),
    distance: real("distance").notNull(),
    movingTime: integer("moving_time").notNull(),
    elevation: real("elevation").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.sportType] })],
);

/** Per member, sport type and record metric, the activity holding the record (issue #36); rebuilt like the day totals. */
export const activityRecords = sqliteTable(
  "activity_records",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sportType: text("sport_type").notNull(),
    /** distance, time, climb or fastest (app/modules/activities/highlights.ts). */
    metric: text("metric").notNull(),
    activityId: integer("activity_id").notNull(),
    value: real("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sportType, t.metric] })],
);

/** The member's activity totals per sport type (issue #36); rebuilt like the day totals. */
export const activitySportTotals = sqliteTable(
  "activity_sport_totals",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sportType: text("sport_type").notNull(),
    activityCount: integer("activity_count").notNull(),
    distance: real("distance").notNull(),
    movingTime: integer("moving_time").notNull(),
    elevation: real("elevation").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sportType] })],
);

/** The member's activity totals per calendar month in UTC (YYYY-MM, issue #36); rebuilt like the day totals. */
export const activityMonthTotals = sqliteTable(
  "activity_month_totals",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    activityCount: integer("activity_count").notNull(),
    distance: real("distance").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month] }),
    index("activity_month_totals_month_idx").on(t.month, t.userId, t.activityCount, t.distance),
  ],
);

export const challenges = sqliteTable(
  "challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    targetDistance: real("target_distance"),
    targetTime: integer("target_time"),
    sportType: text("sport_type", { enum: CHALLENGE_SPORTS }).notNull().default("Run"),
    startDate: integer("start_date", { mode: "timestamp" }).notNull(),
    endDate: integer("end_date", { mode: "timestamp" }).notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /**
     * Which activity sources count toward progress, comma-separated
     * ACTIVITY_SOURCES (issue #14). Default: Strava, files and the archive;
     * manual entries only when an admin adds them.
     */
    sources: text("sources").notNull().default("strava,file,archive"),
    /** What progress counts (decision 043); distance keeps its target in target_distance. */
    goalType: text("goal_type", { enum: CHALLENGE_GOALS }).notNull().default("distance"),
    /** The target of a non-distance goal in its unit: metres gained, seconds, days or activities. */
    target: real("target"),
    /** A days goal: the metres a day needs to count (null: any qualifying activity). */
    minPerDay: real("min_per_day"),
    /** Comma list of Strava sport types that count; null: the sport_type group. */
    sportTypes: text("sport_types"),
    /** total: the goal's sum; longest: the longest single activity; group: a shared club total (decision 049). */
    goalMode: text("goal_mode", { enum: CHALLENGE_GOAL_MODES }).notNull().default("total"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("challenges_active_end_idx").on(t.isActive, t.endDate),
    check("challenges_sport_check", oneOf("sport_type", CHALLENGE_SPORTS)),
    check("challenges_goal_check", oneOf("goal_type", CHALLENGE_GOALS)),
    check("challenges_goal_mode_check", oneOf("goal_mode", CHALLENGE_GOAL_MODES)),
    check("challenges_dates_check", sql`${t.endDate} > ${t.startDate}`),
    check(
      "challenges_target_check",
      sql`${t.targetDistance} IS NULL OR (${t.targetDistance} >= 0 AND ${t.targetDistance} <= 2000000000)`,
    ),
  ],
);

export const challengeParticipations = sqliteTable(
  "challenge_participations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Effective progress (metres): the admin's correction when set, else the sum of matching activities. */
    progress: real("progress").notNull().default(0),
    /** An admin's manual correction (metres); sync refreshes keep it until a recalculation clears it. */
    manualProgress: real("manual_progress"),
    /** The participant lets other participants see their matching activities (docs/decisions/020). */
    shareActivities: integer("share_activities", { mode: "boolean" }).notNull().default(false),
    /** The participant's team in a team challenge (decision 049). */
    teamId: integer("team_id").references(() => challengeTeams.id, { onDelete: "set null" }),
    /** When progress reached the target (a trigger keeps it, migration 0027); null: not reached. */
    completedAt: integer("completed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("participations_challenge_user_unique").on(t.challengeId, t.userId),
    index("participations_team_progress_idx").on(t.teamId, t.progress),
    index("participations_user_idx").on(t.userId),
    index("participations_challenge_progress_idx").on(t.challengeId, t.progress),
    index("participations_created_idx").on(t.createdAt),
  ],
);

/** A team challenge's named teams (issue #39 item 2, decision 049). */
export const challengeTeams = sqliteTable(
  "challenge_teams",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("challenge_teams_name_unique").on(t.challengeId, sql`lower(${t.name})`)],
);

/** Every manual progress correction by an admin. */
export const challengeProgressAudit = sqliteTable(
  "challenge_progress_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    oldProgress: real("old_progress").notNull(),
    newProgress: real("new_progress").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("progress_audit_challenge_idx").on(t.challengeId, t.createdAt)],
);

export const recommendations = sqliteTable(
  "recommendations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    sportType: text("sport_type", { enum: RECOMMENDATION_SPORTS }).notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull().default("moderate"),
    description: text("description").notNull(),
    targetDuration: integer("target_duration"),
    targetDistance: real("target_distance"),
    status: text("status", { enum: RECOMMENDATION_STATUSES }).notNull().default("pending"),
    recommendationDate: integer("recommendation_date", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
    completedAt: integer("completed_at", { mode: "timestamp" }),
  },
  (t) => [
    index("recommendations_user_status_idx").on(t.userId, t.status, t.recommendationDate),
    check("recommendations_sport_check", oneOf("sport_type", RECOMMENDATION_SPORTS)),
    check("recommendations_difficulty_check", oneOf("difficulty", DIFFICULTIES)),
    check("recommendations_status_check", oneOf("status", RECOMMENDATION_STATUSES)),
  ],
);

export const fitnessProfiles = sqliteTable(
  "fitness_profiles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    preferredSportTypes: text("preferred_sport_types", { mode: "json" }).$type<string[]>().notNull(),
    avgWeeklyDistance: real("avg_weekly_distance").notNull().default(0),
    avgWeeklyDuration: real("avg_weekly_duration").notNull().default(0),
    avgWeeklyElevation: real("avg_weekly_elevation").notNull().default(0),
    fitnessLevel: text("fitness_level", { enum: FITNESS_LEVELS }).notNull().default("beginner"),
    insights: text("insights", { mode: "json" }).notNull(),
    lastUpdated: integer("last_updated", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [
    uniqueIndex("fitness_profiles_user_unique").on(t.userId),
    check("fitness_profiles_level_check", oneOf("fitness_level", FITNESS_LEVELS)),
  ],
);

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    date: integer("date", { mode: "timestamp" }).notNull(),
    location: text("location").notNull(),
    fee: integer("fee").notNull().default(0),
    maxParticipants: integer("max_participants"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Refund rule (docs/decisions/025): full refund until this many days before the event… */
    refundFullDays: integer("refund_full_days").notNull().default(7),
    /** …then this percent of the fee… */
    refundPartialPercent: integer("refund_partial_percent").notNull().default(50),
    /** …until this many days before; after that, none. */
    refundPartialDays: integer("refund_partial_days").notNull().default(1),
    /** Set when an admin cancelled the whole event (every registration refunded in full). */
    cancelledAt: integer("cancelled_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_date_idx").on(t.isActive, t.date),
    check("events_fee_check", sql`${t.fee} >= 0`),
    check("events_capacity_check", sql`${t.maxParticipants} IS NULL OR ${t.maxParticipants} > 0`),
  ],
);

export const eventRegistrations = sqliteTable(
  "event_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    emergencyContact: text("emergency_contact").notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** Until when a pending registration holds its place; null holds none (docs/decisions/016-seat-holds.md). */
    holdExpiresAt: integer("hold_expires_at", { mode: "timestamp" }),
    /** Set when the registration was released (kept for history); it then holds no place whatever its payment status. */
    releasedAt: integer("released_at", { mode: "timestamp" }),
    releaseReason: text("release_reason", { enum: RELEASE_REASONS }),
    registrationDate: integer("registration_date", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
    /** Opaque check-in code (the QR code's content): random, not the id; null until paid. */
    checkInCode: text("check_in_code"),
    checkedInAt: integer("checked_in_at", { mode: "timestamp" }),
    /** Reminder markers, set by a conditional UPDATE before sending (so cron retries never resend). */
    reminder7dSentAt: integer("reminder_7d_sent_at", { mode: "timestamp" }),
    reminder1dSentAt: integer("reminder_1d_sent_at", { mode: "timestamp" }),
    receiptSentAt: integer("receipt_sent_at", { mode: "timestamp" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("registrations_event_user_unique").on(t.eventId, t.userId),
    uniqueIndex("registrations_check_in_code_unique").on(t.checkInCode),
    index("registrations_user_idx").on(t.userId),
    index("registrations_event_status_idx").on(t.eventId, t.paymentStatus),
    index("registrations_status_hold_idx").on(t.paymentStatus, t.holdExpiresAt),
    index("registrations_date_idx").on(t.registrationDate, t.releasedAt),
    check("registrations_status_check", oneOf("payment_status", PAYMENT_STATUSES)),
  ],
);

/**
 * Razorpay orders and their outcome, one per payment attempt. Accounting keeps
 * them when a member deletes their account: the registration link is then set
 * to NULL and `event_id` still says what was paid for (docs/decisions/021).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    registrationId: integer("registration_id").references(() => eventRegistrations.id, {
      onDelete: "set null",
    }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    orderId: text("order_id").notNull(),
    paymentId: text("payment_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: PAYMENT_ORDER_STATUSES }).notNull().default("created"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_order_unique").on(t.orderId),
    uniqueIndex("payments_payment_unique").on(t.paymentId),
    index("payments_registration_idx").on(t.registrationId),
    index("payments_event_idx").on(t.eventId),
    check("payments_status_check", oneOf("status", PAYMENT_ORDER_STATUSES)),
    check("payments_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** Members waiting for a place in a full event, in `position` order (docs/decisions/025). */
export const eventWaitlist = sqliteTable(
  "event_waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The registration form's details, used for the held registration when a place is offered. */
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    emergencyContact: text("emergency_contact").notNull(),
    position: integer("position").notNull(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    offeredAt: integer("offered_at", { mode: "timestamp" }),
    offerExpiresAt: integer("offer_expires_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_event_user_unique").on(t.eventId, t.userId),
    index("waitlist_event_status_position_idx").on(t.eventId, t.status, t.position),
    check("waitlist_status_check", oneOf("status", WAITLIST_STATUSES)),
  ],
);

/**
 * Refunds of event payments: our idempotency key (sent as X-Refund-Idempotency,
 * so a retry never refunds twice), Razorpay's refund id once known, the amount
 * in paise and the outcome. At most one per payment record.
 */
export const eventRefunds = sqliteTable(
  "event_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentRecordId: integer("payment_record_id").references(() => payments.id, { onDelete: "set null" }),
    registrationId: integer("registration_id").references(() => eventRegistrations.id, {
      onDelete: "set null",
    }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    /** Razorpay's payment id (pay_…) the refund is made on. */
    paymentId: text("payment_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    razorpayRefundId: text("razorpay_refund_id"),
    amount: integer("amount").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    /** Tries made to send it to Razorpay, the next one's time, and the last refusal (decision 030). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp" }),
    lastError: text("last_error"),
    /** An admin who settled a failed refund by hand, and their note. */
    settledByUserId: integer("settled_by_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    /** Money that arrived after the registration was cancelled (or its event was), refunded in full. */
    latePayment: integer("late_payment", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refunds_payment_record_unique").on(t.paymentRecordId),
    uniqueIndex("refunds_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("refunds_razorpay_unique").on(t.razorpayRefundId),
    index("refunds_status_idx").on(t.status),
    index("refunds_due_idx").on(t.status, t.nextAttemptAt),
    index("refunds_registration_idx").on(t.registrationId),
    check("refunds_status_check", oneOf("status", REFUND_STATUSES)),
    check("refunds_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Every state change of a registration: who moved it, from what to what, when (docs/decisions/025). */
export const registrationAudit = sqliteTable(
  "registration_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: "cascade" }),
    actor: text("actor", { enum: AUDIT_ACTORS }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    fromState: text("from_state").notNull(),
    toState: text("to_state").notNull(),
    note: text("note"),
    at: integer("at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [
    index("audit_registration_idx").on(t.registrationId, t.at),
    check("audit_actor_check", oneOf("actor", AUDIT_ACTORS)),
  ],
);

/**
 * The outcome of each event e-mail per kind and registration (docs/decisions/031):
 * 'failed' ones are retried by the cron up to a bound, 'sent' ones never again.
 * A row older than the registration's `registration_date` belongs to an
 * earlier registration of the same row (released, then registered again).
 */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: "cascade" }),
    status: text("status", { enum: EMAIL_DELIVERY_STATUSES }).notNull(),
    /** Sends tried in this registration's life (the successful one included). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.registrationId] }),
    index("email_deliveries_status_idx").on(t.status, t.kind),
    check("email_deliveries_kind_check", oneOf("kind", EMAIL_KINDS)),
    check("email_deliveries_status_check", oneOf("status", EMAIL_DELIVERY_STATUSES)),
  ],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    feedbackType: text("feedback_type", { enum: FEEDBACK_TYPES }).notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: FEEDBACK_STATUSES }).notNull().default("pending"),
    /** R2 object key of the screenshot in UPLOADS. */
    screenshotKey: text("screenshot_key"),
    adminResponse: text("admin_response"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("feedback_user_idx").on(t.userId, t.createdAt),
    index("feedback_status_idx").on(t.status, t.createdAt),
    check("feedback_type_check", oneOf("feedback_type", FEEDBACK_TYPES)),
    check("feedback_status_check", oneOf("status", FEEDBACK_STATUSES)),
  ],
);

/**
 * The annual Wari ride, one row per edition (issue #38, decision 038): the ride's
 * calendar day in India, its distance and the optional registration window.
 */
export const wariEditions = sqliteTable(
  "wari_editions",
  {
    year: integer("year").primaryKey(),
    name: text("name").notNull(),
    rideDate: text("ride_date").notNull(),
    distanceKm: integer("distance_km").notNull().default(250),
    startPlace: text("start_place"),
    description: text("description"),
    registrationOpensAt: integer("registration_opens_at", { mode: "timestamp" }),
    registrationClosesAt: integer("registration_closes_at", { mode: "timestamp" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("wari_editions_ride_date_unique").on(t.rideDate),
    check("wari_editions_year_check", sql`year BETWEEN 2000 AND 2200`),
    check("wari_editions_distance_check", sql`distance_km BETWEEN 1 AND 1000`),
    check(
      "wari_editions_ride_date_check",
      sql`ride_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND substr(ride_date, 1, 4) = CAST(year AS TEXT)`,
    ),
  ],
);

/** Registrations for the annual Wari ride. */
export const wariRegistrations = sqliteTable(
  "wari_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventYear: integer("event_year").notNull(),
    eventName: text("event_name").notNull(),
    category: text("category", { enum: WARI_CATEGORIES }),
    registeredAt: integer("registered_at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [uniqueIndex("wari_registrations_user_year_unique").on(t.userId, t.eventYear)],
);

export const trainingPlans = sqliteTable(
  "training_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventYear: integer("event_year").notNull(),
    category: text("category", { enum: WARI_CATEGORIES }).notNull(),
    startDate: integer("start_date", { mode: "timestamp" }).notNull(),
    planDetails: text("plan_details", { mode: "json" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("training_plans_user_year_unique").on(t.userId, t.eventYear)],
);

export const trainingProgress = sqliteTable(
  "training_progress",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    planId: integer("plan_id")
      .notNull()
      .references(() => trainingPlans.id, { onDelete: "cascade" }),
    week: integer("week").notNull(),
    completedWorkouts: text("completed_workouts", { mode: "json" }).$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("training_progress_plan_week_unique").on(t.planId, t.week)],
);

/**
 * One row per member: their activities folded into daily training load, ride
 * km and longest ride (Wari's fitness chart and plan progress, decision 024).
 * `days` is NULL when stale; every write of the activities table bumps
 * `generation` (ACTIVITIES_CHANGED), and a reader stores what it computed only
 * if the generation is still the one it read.
 */
export const trainingLoadCache = sqliteTable("training_load_cache", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  generation: integer("generation").notNull().default(0),
  days: text("days", { mode: "json" }),
  computedAt: integer("computed_at", { mode: "timestamp" }),
});

/** Past participations in the annual ride (imported or recorded from activities). */
export const eventHistory = sqliteTable(
  "event_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventYear: integer("event_year").notNull(),
    eventName: text("event_name").notNull(),
    isHistorical: integer("is_historical", { mode: "boolean" }).notNull().default(true),
    activityId: integer("activity_id").references(() => activities.id, { onDelete: "set null" }),
    activityName: text("activity_name"),
    distanceAchieved: real("distance_achieved"),
    completed: integer("completed", { mode: "boolean" }).notNull().default(false),
    startTime: integer("start_time", { mode: "timestamp" }),
    endTime: integer("end_time", { mode: "timestamp" }),
  },
  (t) => [uniqueIndex("event_history_user_year_unique").on(t.userId, t.eventYear)],
);

export const WARI_RESULT_STATUSES = ["finished", "partial", "no_ride"] as const;
export const WARI_RESULT_REVIEWS = ["confirmed", "corrected"] as const;

/**
 * Each registered member's result of an edition (issue #38 item 5, decision 045): computed from
 * their rides started on the ride's calendar day in India, and the admin's review (confirmed: the
 * computed result frozen; corrected: the admin's values), by whom and when.
 */
export const wariResults = sqliteTable(
  "wari_results",
  {
    editionYear: integer("edition_year")
      .notNull()
      .references(() => wariEditions.year, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: WARI_RESULT_STATUSES }).notNull(),
    activityId: integer("activity_id").references(() => activities.id, { onDelete: "set null" }),
    activityName: text("activity_name"),
    distanceM: real("distance_m"),
    movingTime: integer("moving_time"),
    elapsedTime: integer("elapsed_time"),
    startedAt: integer("started_at", { mode: "timestamp" }),
    computedAt: integer("computed_at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
    review: text("review", { enum: WARI_RESULT_REVIEWS }),
    reviewedStatus: text("reviewed_status", { enum: WARI_RESULT_STATUSES }),
    reviewedDistanceM: real("reviewed_distance_m"),
    reviewedMovingTime: integer("reviewed_moving_time"),
    reviewedElapsedTime: integer("reviewed_elapsed_time"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at", { mode: "timestamp" }),
  },
  (t) => [
    primaryKey({ columns: [t.editionYear, t.userId] }),
    index("wari_results_user_idx").on(t.userId, t.editionYear),
    check("wari_results_status_check", oneOf("status", WARI_RESULT_STATUSES)),
    check("wari_results_review_check", sql`review IS NULL OR ${oneOf("review", WARI_RESULT_REVIEWS)}`),
    check(
      "wari_results_reviewed_status_check",
      sql`reviewed_status IS NULL OR ${oneOf("reviewed_status", WARI_RESULT_STATUSES)}`,
    ),
  ],
);

/** Every admin review of a Wari result: who, what it was, what it became, when (decision 045). */
export const wariResultAudit = sqliteTable(
  "wari_result_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    editionYear: integer("edition_year")
      .notNull()
      .references(() => wariEditions.year, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: WARI_RESULT_REVIEWS }).notNull(),
    fromResult: text("from_result").notNull(),
    toResult: text("to_result").notNull(),
    note: text("note"),
    at: integer("at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [
    index("wari_result_audit_edition_idx").on(t.editionYear, t.at),
    check("wari_result_audit_action_check", oneOf("action", WARI_RESULT_REVIEWS)),
  ],
);

export const FEED_AUDIENCES = ["everyone", "challenge", "profile", "events"] as const;

/**
 * The club feed (issue #41, docs/decisions/051-club-feed.md): one row per milestone, written
 * where it happens and made idempotent by `milestone_key`. `audience` names the consent that
 * lets other members see it (app/modules/privacy/feed-sql.server.ts).
 */
export const feedItems = sqliteTable(
  "feed_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    /** The member whose milestone it is; null for the admins' announcements. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    challengeId: integer("challenge_id").references(() => challenges.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    audience: text("audience", { enum: FEED_AUDIENCES }).notNull().default("everyone"),
    /** What the item names (a challenge or event title, a sport, an edition), as it was then. */
    label: text("label").notNull(),
    /** A number the item shows: a goal percentage, a record's value, a year. */
    value: real("value"),
    milestoneKey: text("milestone_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("feed_items_milestone_unique").on(t.milestoneKey),
    index("feed_items_user_idx").on(t.userId, t.id),
    index("feed_items_created_idx").on(t.createdAt),
    check("feed_items_audience_check", oneOf("audience", FEED_AUDIENCES)),
  ],
);

/** One kudos per member and feed item. */
export const feedKudos = sqliteTable(
  "feed_kudos",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => feedItems.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/** Short comments on feed items (500 characters); an admin may hide any. */
export const feedComments = sqliteTable(
  "feed_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id")
      .notNull()
      .references(() => feedItems.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    hiddenAt: integer("hidden_at", { mode: "timestamp" }),
    hiddenBy: integer("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("feed_comments_item_idx").on(t.itemId, t.id),
    check("feed_comments_body_check", sql`length(${t.body}) BETWEEN 1 AND 500`),
  ],
);

/** A member's report of a comment (one per member and comment), for the admins. */
export const feedCommentReports = sqliteTable(
  "feed_comment_reports",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => feedComments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** The personal records the feed has seen, so a first import announces none (decision 051). */
export const feedRecordMarks = sqliteTable(
  "feed_record_marks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sportType: text("sport_type").notNull(),
    metric: text("metric").notNull(),
    activityId: integer("activity_id").notNull(),
    value: real("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sportType, t.metric] })],
);

/**
 * In-app notifications (issue #41, decision 051): one per event and member (`dedupe_key`),
 * written by the notifications queue's consumer; `emailed_at` once the e-mail went out.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    title: text("title").notNull(),
    link: text("link"),
    readAt: integer("read_at", { mode: "timestamp" }),
    emailedAt: integer("emailed_at", { mode: "timestamp" }),
    /** Claimed before the Web Push goes out (decision 053), like emailed_at. */
    pushedAt: integer("pushed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_user_key_unique").on(t.userId, t.dedupeKey),
    index("notifications_user_unread_idx").on(t.userId, t.readAt, t.id),
  ],
);

/** The member's choice per notification kind and channel; no row: the kind's default. */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** Quiet hours in IST, minutes after midnight (start inclusive, end exclusive; may wrap midnight). */
export const notificationSettings = sqliteTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  quietStart: integer("quiet_start"),
  quietEnd: integer("quiet_end"),
});

/**
 * The cron's reminders that have fired (issue #41): "challenge-starting:<id>",
 * "challenge-ending:<id>", "wari-open:<year>". Written once every member's
 * notification is on the queue, so a run that dies midway is finished by the
 * next (the notifications' own keys keep each member's single).
 */
export const notificationTriggers = sqliteTable("notification_triggers", {
  key: text("key").primaryKey(),
  firedAt: integer("fired_at", { mode: "timestamp" }).notNull(),
});

/**
 * Who leads each running challenge (issue #41): `team` false a member (holder: user id), true a
 * team (holder: challenge_teams id), since when. The cron compares it with the standings and
 * tells whoever lost the lead (app/modules/notifications, queueLeadChanges).
 */
export const challengeLeads = sqliteTable(
  "challenge_leads",
  {
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    team: integer("team", { mode: "boolean" }).notNull(),
    holderId: integer("holder_id").notNull(),
    since: integer("since", { mode: "timestamp" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.team] })],
);

/** A device's Web Push subscription (decision 053): pruned on the push service's 404/410. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp" }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

export const DIGEST_SEND_STATUSES = ["sending", "sent", "failed"] as const;

/** One weekly digest per member and IST week (decision 054): the key that keeps reruns from sending twice. */
export const digestSends = sqliteTable(
  "digest_sends",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Monday (YYYY-MM-DD, IST) of the week the digest reports. */
    week: text("week").notNull(),
    status: text("status", { enum: DIGEST_SEND_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week] }),
    index("digest_sends_status_idx").on(t.status, t.updatedAt),
    check("digest_sends_status_check", oneOf("status", DIGEST_SEND_STATUSES)),
  ],
);

/** Where the digest's batches stopped (one row, id 1): keyset over member id, continued by the next cron run. */
export const digestCursor = sqliteTable("digest_cursor", {
  id: integer("id").primaryKey(),
  week: text("week").notNull(),
  lastUserId: integer("last_user_id").notNull().default(0),
  done: integer("done", { mode: "boolean" }).notNull().default(false),
});

/** Every scheduled run (decision 054): which cron, started, finished, ok or the error. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cron: text("cron").notNull(),
    startedAt: integer("started_at", { mode: "timestamp" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp" }),
    ok: integer("ok", { mode: "boolean" }),
    error: text("error"),
  },
  (t) => [index("cron_runs_started_idx").on(t.startedAt)],
);

/** What reached a dead-letter queue (wrangler.toml's dead_letter_queue), for the Health panel's retry. */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    queue: text("queue").notNull(),
    messageId: text("message_id").notNull(),
    body: text("body").notNull(),
    receivedAt: integer("received_at", { mode: "timestamp" }).notNull(),
    retriedAt: integer("retried_at", { mode: "timestamp" }),
  },
  (t) => [
    uniqueIndex("dead_letters_message_unique").on(t.queue, t.messageId),
    index("dead_letters_received_idx").on(t.receivedAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Activity = typeof activities.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;
