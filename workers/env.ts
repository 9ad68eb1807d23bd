import type { SyncMessage } from "~/modules/strava/sync-messages";
import type { UploadMessage } from "~/modules/uploads/messages";
import type { NotificationMessage } from "~/modules/notifications/rules";
import type { DigestMessage } from "~/modules/digest/digest.server";

/** Bindings and configuration the Worker receives with every call (wrangler.toml, .dev.vars, secrets). */
export interface Env {
  DB: D1Database;
  SESSIONS: KVNamespace;
  UPLOADS: R2Bucket;
  SYNC_QUEUE: Queue<SyncMessage>;
  /** Uploaded activity files to parse off the request (app/modules/uploads/queue.server.ts). */
  UPLOAD_QUEUE: Queue<UploadMessage>;
  /** Notifications to deliver, one member each (app/modules/notifications, decision 051). */
  NOTIFY_QUEUE: Queue<NotificationMessage>;
  /** Weekly digests to build and send, a range of 50 members each (app/modules/digest, decision 054). */
  DIGEST_QUEUE: Queue<DigestMessage>;
  ASSETS?: Fetcher;

  APP_URL: string;
  SESSION_SECRET: string;
  PASSWORD_PEPPER?: string;
  TOKEN_ENCRYPTION_KEY?: string;
  ENABLE_TEST_PAGES?: string;
  /** "1" on the end-to-end servers only: a request's X-Test-Now sets the server's clock (http only; decision 048). */
  TEST_CLOCK?: string;
  /** Files a member may upload per hour; empty means 60 (docs/decisions/032-activity-limits.md). */
  UPLOADS_PER_HOUR?: string;
  /** Megabytes of upload files a member may keep stored; empty means 1000. */
  UPLOAD_STORAGE_MB?: string;
  /** Registrations allowed per client address per hour; empty means 5. */
  REGISTER_LIMIT_PER_HOUR?: string;
  /** Ranges of 50 members the weekly digest queues per cron run (one run queues a week's); empty means 2000, "0" turns it off (decision 054). */
  DIGEST_BATCHES_PER_RUN?: string;

  STRAVA_CLIENT_ID?: string;
  STRAVA_CLIENT_SECRET?: string;
  STRAVA_OAUTH_URL: string;
  STRAVA_API_URL: string;
  STRAVA_WEBHOOK_VERIFY_TOKEN?: string;
  /** Secret last segment of the webhook callback path (/api/webhooks/strava/<secret>); missing means every webhook call answers 404. */
  STRAVA_WEBHOOK_PATH_SECRET?: string;
  /** Id of the app's push subscription; events carrying another (or none) are acknowledged and ignored. */
  STRAVA_WEBHOOK_SUBSCRIPTION_ID?: string;
  STRAVA_READ_LIMIT_15MIN?: string;
  STRAVA_READ_LIMIT_DAILY?: string;
  /** Share (0-1) of each Strava read window reserved for cron refreshes, backfills and admin syncs. */
  STRAVA_RESERVED_SHARE?: string;
  /**
   * Hours an athlete's webhooks must have been quiet (and their last sync as
   * old) before the cron refresh visits them; empty means 24
   * (docs/decisions/027-sync-scheduler.md).
   */
  STRAVA_QUIET_REFRESH_HOURS?: string;
  /**
   * The simulation only (`npm run bench:scale`): simulated seconds per real
   * second for Strava's budget windows and the sync's intervals. Never set it
   * in production; empty means 1.
   */
  STRAVA_TIME_SCALE?: string;

  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL: string;
  GOOGLE_TOKEN_URL: string;
  GOOGLE_USERINFO_URL: string;

  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  RAZORPAY_API_URL: string;
  RAZORPAY_CHECKOUT_URL: string;
  /** Minutes an unpaid (pending) registration holds its place; empty means 30 (docs/decisions/016-seat-holds.md). */
  EVENT_HOLD_MINUTES?: string;
  /** The next Wari edition's day (YYYY-MM-DD) for the results page's "see you next year"; empty means not announced. */
  WARI_NEXT_EVENT_DATE?: string;

  EMAIL_API_URL: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM: string;
  /**
   * Web Push (decision 053): the VAPID key pair (base64url: the public key's 65-byte point, the
   * private key's 32-byte scalar) and the contact the push services may write to (mailto: or https:;
   * empty: mailto:SUPPORT_EMAIL). Without the keys the push channel is off.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Support contact shown on /privacy, /terms, the user guide and the feedback page. */
  SUPPORT_EMAIL: string;

  /** Commute savings factors (app/modules/activities/commute.ts); empty means the cited defaults. */
  COMMUTE_CO2_KG_PER_KM?: string;
  COMMUTE_FUEL_L_PER_KM?: string;
  COMMUTE_FUEL_PRICE_INR?: string;

  /**
   * A raster basemap under the activity page's route map (decision 050): a tile URL template with
   * {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; empty means no basemap.
   * Its origin is added to the pages' img-src only when set.
   */
  MAP_TILES_URL?: string;
  /** The tiles' attribution, drawn on the map; empty means "© OpenStreetMap contributors". */
  MAP_TILES_ATTRIBUTION?: string;
}

declare global {
  // Lets `cloudflare:test`'s `env` carry the same type in integration tests.
  namespace Cloudflare {
    interface Env extends AppEnv {}
  }
  type AppEnv = import("./env").Env;
}
