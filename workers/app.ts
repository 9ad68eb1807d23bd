/**
 * The Worker: `fetch` serves Remix (pages and the /api resource routes),
 * `queue` consumes Strava sync jobs, `scheduled` runs the cron refreshes.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `remix vite:build` (npm run build) before wrangler bundles this file.
// @ts-ignore -- generated at build time, no types
import * as build from "../build/server";
import { handleScheduled } from "~/modules/strava/cron.server";
import { handleEventsScheduled } from "~/modules/events/cron.server";
import { handleSyncBatch } from "~/modules/strava/queue.server";
import type { SyncMessage } from "~/modules/strava/sync-messages";
import type { Env } from "./env";
import { createAppContext } from "./load-context";
import { isAllowedOrigin } from "~/lib/origin.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    if (!isAllowedOrigin(request, env.APP_URL)) {
      return Response.json({ message: "Cross-site request refused" }, { status: 403 });
    }
    try {
      const app = createAppContext(env, (promise) => ctx.waitUntil(promise), request);
      return await handleRemixRequest(request, { app });
    } catch (error) {
      console.error("unhandled error in fetch", error);
      return new Response("An unexpected error occurred", { status: 500 });
    }
  },

  async queue(batch, env, ctx) {
    const app = createAppContext(env, (promise) => ctx.waitUntil(promise));
    await handleSyncBatch(app, batch);
  },

  async scheduled(controller, env, ctx) {
    const app = createAppContext(env, (promise) => ctx.waitUntil(promise));
    const run = { cron: controller.cron, scheduledTime: new Date(controller.scheduledTime) };
    // Independent jobs: one failing does not stop the other.
    const results = await Promise.allSettled([handleScheduled(app, run), handleEventsScheduled(app, run)]);
    for (const r of results) if (r.status === "rejected") console.error("scheduled task failed", r.reason);
  },
} satisfies ExportedHandler<Env, SyncMessage>;
