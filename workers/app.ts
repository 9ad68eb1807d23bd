/**
 * The Worker: `fetch` serves Remix (pages and the /api resource routes),
 * `queue` consumes Strava sync jobs and uploaded activity files, `scheduled` runs the cron refreshes.
 * Every answer gets the security headers here (app/lib/security-headers.server.ts),
 * and none of the three handlers runs with a secret missing on https
 * (app/lib/config.server.ts).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `remix vite:build` (npm run build) before wrangler bundles this file.
// @ts-ignore -- generated at build time, no types
import * as build from "../build/server";
import { HOUSEKEEPING_CRON, handleScheduled } from "~/modules/strava/cron.server";
import { handleEventsScheduled } from "~/modules/events/cron.server";
import { handleWariScheduled } from "~/modules/wari/cron.server";
import { handleSyncBatch } from "~/modules/strava/queue.server";
import { handleUploadBatch } from "~/modules/uploads/queue.server";
import {
  handleNotificationBatch,
  queueChallengeCompletions,
  queuePlanWeeks,
  queueReminders,
} from "~/modules/notifications/notifications.server";
import { queueLeadChanges } from "~/modules/club/leads.server";
import { failStaleUploads, startTrackBackfill } from "~/modules/uploads/uploads.server";
import { handleDigestBatch, runWeeklyDigest } from "~/modules/digest/digest.server";
import {
  alertFailingKinds,
  finishCronRun,
  recordDeadLetters,
  startCronRun,
} from "~/modules/health/health.server";
import type { Env } from "./env";
import { createAppContext } from "./load-context";
import { configurationProblem } from "~/lib/config.server";
import { isAllowedOrigin } from "~/lib/origin.server";
import { createNonce, withSecurityHeaders } from "~/lib/security-headers.server";
import { withTestClock } from "~/lib/test-clock.server";

/** The queue of uploaded activity files and its dead-letter queue (wrangler.toml); every other queue is the Strava sync's. */
const UPLOAD_QUEUE_NAME = "activity-uploads";
/** The notifications' queue (decision 051). */
const NOTIFY_QUEUE_NAME = "notifications";
/** The weekly digests' queue (decision 054). */
const DIGEST_QUEUE_NAME = "digests";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/** Throws (after logging) when a secret is missing on https: queue messages are retried, the cron run fails. */
function refuseWhenMisconfigured(env: Env, handler: string): void {
  const problem = configurationProblem(env);
  if (!problem) return;
  console.error(`${handler} refused: ${problem}`);
  throw new Error(problem);
}

function withHost(request: Request): Headers {
  const headers = new Headers(request.headers);
  headers.set("Host", new URL(request.url).host);
  return headers;
}

async function respond(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  const problem = configurationProblem(env);
  if (problem) {
    console.error(problem);
    return new Response(problem, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (!isAllowedOrigin(request, env.APP_URL)) {
    return Response.json({ message: "Cross-site request refused" }, { status: 403 });
  }
  try {
    // Remix refuses (500) a page action without Host/X-Forwarded-Host; a request that lacks one
    // (not a browser, which always sends it) gets the host of its own URL.
    const incoming = request.headers.has("Host")
      ? request
      : new Request(request, { headers: withHost(request) });
    const app = withTestClock(
      createAppContext(env, (promise) => ctx.waitUntil(promise), incoming, nonce),
      incoming,
    );
    return await handleRemixRequest(incoming, { app });
  } catch (error) {
    console.error("unhandled error in fetch", error);
    return new Response("An unexpected error occurred", { status: 500 });
  }
}

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    return withSecurityHeaders(await respond(request, env, ctx, nonce), env, nonce);
  },

  async queue(batch, env, ctx) {
    refuseWhenMisconfigured(env, "queue");
    const app = createAppContext(env, (promise) => ctx.waitUntil(promise));
    // What reaches a dead-letter queue is kept for the admin Health panel (decision 054).
    if (batch.queue.endsWith("-dlq")) await recordDeadLetters(app, batch);
    if (batch.queue.startsWith(UPLOAD_QUEUE_NAME)) await handleUploadBatch(app, batch);
    else if (batch.queue === NOTIFY_QUEUE_NAME) await handleNotificationBatch(app, batch);
    else if (batch.queue === DIGEST_QUEUE_NAME) await handleDigestBatch(app, batch);
    else if (batch.queue.startsWith(DIGEST_QUEUE_NAME)) batch.ackAll();
    else await handleSyncBatch(app, batch);
  },

  async scheduled(controller, env, ctx) {
    refuseWhenMisconfigured(env, "scheduled");
    const app = createAppContext(env, (promise) => ctx.waitUntil(promise));
    const run = { cron: controller.cron, scheduledTime: new Date(controller.scheduledTime) };
    const runId = await startCronRun(app, controller.cron);
    // Independent jobs: one failing does not stop the other.
    const results = await Promise.allSettled([
      handleScheduled(app, run),
      handleEventsScheduled(app, run),
      handleWariScheduled(app),
      failStaleUploads(app),
      startTrackBackfill(app),
      queueChallengeCompletions(app),
      queueReminders(app),
      queuePlanWeeks(app),
      queueLeadChanges(app),
      // the digest's batches run in the quarter-hourly cron
      controller.cron === HOUSEKEEPING_CRON ? null : runWeeklyDigest(app),
      alertFailingKinds(app),
    ]);
    const errors: string[] = [];
    for (const r of results)
      if (r.status === "rejected") {
        console.error("scheduled task failed", r.reason);
        errors.push(r.reason instanceof Error ? r.reason.message : String(r.reason));
      }
    await finishCronRun(app, runId, errors);
  },
} satisfies ExportedHandler<Env, unknown>;
