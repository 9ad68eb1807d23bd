/**
 * What an upload may not do: archive ZIP bombs, implausible activities,
 * going over the per-member limits; and failed uploads end refused with
 * their files deleted. One file, so one workerd start (docs/testing.md); the
 * blocks share its storage and its queues, so each uploads as its own members.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, createUser, json, login } from "./helpers";
import { CSV_MSG } from "~/modules/uploads/parse-csv";
import { ARCHIVE_CSV, craftZip, deflateRepeat, repeatedLength } from "../unit/support/zip-craft";
import worker from "~workers/app";
import { createAppContext } from "~workers/load-context";
import { saveActivities } from "~/modules/activities/store.server";
import { toActivityRow } from "~/modules/strava/activity-mapper";
import { UPLOAD_CRASHED, UPLOAD_FAILED } from "~/modules/uploads/queue.server";
import { UPLOAD_STALE, type UploadView } from "~/modules/uploads/uploads.server";

describe("archives", () => {
  // Security review 2026-11-28 H1 in workerd: archive ZIPs that would make the
  // queue consumer decompress hundreds of MB (many central entries naming one
  // stream; an entry whose declared size lies) are refused with a plain reason
  // and save nothing, while an honest archive built the same way is imported.
  // The bytes each refusal decompresses are counted in tests/unit/upload-streaming.test.ts.
  const MB = 1024 * 1024;

  async function uploadZip(zip: Uint8Array): Promise<UploadView> {
    const user = await createUser();
    const cookie = await login(user.username, user.password);
    const body = new FormData();
    body.append("files", new File([zip as Uint8Array<ArrayBuffer>], "export.zip"));
    expect((await call("/api/uploads", { cookie, body })).status).toBe(202);
    const [done] = await vi.waitFor(
      async () => {
        const { uploads } = await json<{ uploads: UploadView[] }>(await call("/api/uploads", { cookie }));
        if (uploads.some((u) => u.status === "queued")) throw new Error("still queued");
        return uploads;
      },
      { timeout: 20_000, interval: 100 },
    );
    const saved = await env.DB.prepare("SELECT count(*) AS n FROM activities WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(saved!.n).toBe(done!.saved);
    return done!;
  }

  describe("archive ZIP bombs (H1)", () => {
    it("imports an honest archive built like the bombs below", async () => {
      const data = deflateRepeat(ARCHIVE_CSV, 2 * MB);
      const zip = craftZip({
        data,
        size: repeatedLength(ARCHIVE_CSV, 2 * MB),
        names: ["export/activities.csv"],
      });
      expect(await uploadZip(zip)).toMatchObject({ status: "saved", saved: 2 });
    });

    it("refuses ten central entries naming one stream (10 × 5 MB)", async () => {
      const data = deflateRepeat(ARCHIVE_CSV, 5 * MB);
      const names = Array.from({ length: 10 }, (_, i) => `${i}/activities.csv`);
      const zip = craftZip({ data, size: repeatedLength(ARCHIVE_CSV, 5 * MB), names });
      expect(await uploadZip(zip)).toMatchObject({
        status: "refused",
        saved: 0,
        message: CSV_MSG.zipManyCsv,
      });
    });

    it("refuses a hundred such entries (100 × 1 MB)", async () => {
      const data = deflateRepeat(ARCHIVE_CSV, MB);
      const names = Array.from({ length: 100 }, (_, i) => `export_${i}/activities.csv`);
      const zip = craftZip({ data, size: repeatedLength(ARCHIVE_CSV, MB), names });
      expect(await uploadZip(zip)).toMatchObject({
        status: "refused",
        saved: 0,
        message: CSV_MSG.zipManyCsv,
      });
    });

    it("refuses an entry that declares its 150 bytes of CSV and inflates 20 MB", async () => {
      const zip = craftZip({
        data: deflateRepeat(ARCHIVE_CSV, 20 * MB),
        size: ARCHIVE_CSV.length,
        names: ["export/activities.csv"],
      });
      expect(await uploadZip(zip)).toMatchObject({
        status: "refused",
        saved: 0,
        message: CSV_MSG.zipSizeMismatch,
      });
    });
  });
});

describe("activities, limits and failures", () => {
  // Issue #34 items 10-12 in workerd: plausible activities only, whatever the
  // source (archive rows, manual entries created and edited, Strava rows); the
  // per-member upload limits (429 with Retry-After, 413); failed uploads end
  // refused with their file deleted (the last retry, the dead-letter queue,
  // the cron's sweep of uploads stuck in the queue).
  const DAY = 86_400_000;
  const now = Date.now();

  async function member() {
    const user = await createUser();
    return { ...user, cookie: await login(user.username, user.password) };
  }

  const form = (...files: File[]) => {
    const body = new FormData();
    for (const f of files) body.append("files", f);
    return body;
  };

  const pageForm = (fields: Record<string, string>, ...files: File[]) => {
    const body = form(...files);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return body;
  };

  async function uploadsOf(cookie: string) {
    return (await json<{ uploads: UploadView[] }>(await call("/api/uploads", { cookie }))).uploads;
  }

  /** Waits for the real queue consumer to finish every upload of the member. */
  async function settled(cookie: string): Promise<UploadView[]> {
    return vi.waitFor(
      async () => {
        const list = await uploadsOf(cookie);
        if (list.some((u) => u.status === "queued")) throw new Error("still queued");
        return list;
      },
      { timeout: 15_000, interval: 100 },
    );
  }

  async function challenge(sources = "strava,file,archive") {
    const row = await env.DB.prepare(
      `INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date, is_active, sources)
     VALUES ('Limits test', 'x', 100000, 'Ride', ?, ?, 1, ?) RETURNING id`,
    )
      .bind(Math.floor((now - 10 * DAY) / 1000), Math.floor((now + 10 * DAY) / 1000), sources)
      .first<{ id: number }>();
    return row!.id;
  }

  async function join(challengeId: number, userId: number) {
    await env.DB.prepare("INSERT INTO challenge_participations (challenge_id, user_id) VALUES (?, ?)")
      .bind(challengeId, userId)
      .run();
  }

  const progress = async (challengeId: number, userId: number) =>
    (await env.DB.prepare(
      "SELECT progress FROM challenge_participations WHERE challenge_id = ? AND user_id = ?",
    )
      .bind(challengeId, userId)
      .first<{ progress: number }>())!.progress;

  const activityCount = async (userId: number) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM activities WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>())!.n;

  const filesOf = async (userId: number) =>
    (await env.UPLOADS.list({ prefix: `activity-files/${userId}/` })).objects.map((o) => o.key);

  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  /** A date the way Strava's archive writes it (UTC): "Nov 20, 2026, 6:00:00 AM". */
  function archiveDate(d: Date): string {
    const h = d.getUTCHours();
    const two = (n: number) => String(n).padStart(2, "0");
    return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${h % 12 || 12}:${two(
      d.getUTCMinutes(),
    )}:${two(d.getUTCSeconds())} ${h < 12 ? "AM" : "PM"}`;
  }

  /** The security review's 809-byte probe: rows of 1.5e304 km, plus `good` plausible rides. */
  function infiniteCsv(bad: number, good: number): string {
    const lines = ["Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance"];
    for (let i = 0; i < bad; i++)
      lines.push(
        `${i + 1},"${archiveDate(new Date(now - (i + 2) * 3_600_000))}",Rocket ${i + 1},Ride,3600,1.5e304`,
      );
    for (let i = 0; i < good; i++)
      lines.push(
        `${100 + i},"${archiveDate(new Date(now - (i + 2) * DAY))}",Good ride ${i + 1},Ride,3600,30`,
      );
    return lines.join("\n");
  }

  describe("plausible activities only", () => {
    it("the infinite-distance archive: its rows are skipped with their reason and it never reaches the leaderboard", async () => {
      const m = await member();
      const rival = await member();
      const c = await challenge();
      await join(c, m.id);
      await join(c, rival.id);
      await env.DB.prepare("UPDATE challenge_participations SET progress = 5000 WHERE user_id = ?")
        .bind(rival.id)
        .run();

      // Every row implausible: the file is refused, its R2 object deleted.
      const res = await call("/api/uploads", {
        cookie: m.cookie,
        body: form(new File([infiniteCsv(13, 0)], "activities.csv")),
      });
      expect(res.status).toBe(202);
      const [refused] = await settled(m.cookie);
      expect(refused).toMatchObject({ status: "refused", saved: 0 });
      expect(refused!.message).toMatch(
        /^No activity could be imported: “Rocket 1” \(.+\): The distance is not plausible \(at most 2,000 km\)$/,
      );
      expect(await activityCount(m.id)).toBe(0);
      expect(await filesOf(m.id)).toEqual([]);

      // Mixed: the plausible row counts, the others are listed as skipped.
      await call("/api/uploads", {
        cookie: m.cookie,
        body: form(new File([infiniteCsv(7, 1)], "activities.csv")),
      });
      const [mixed] = await settled(m.cookie);
      expect(mixed).toMatchObject({ status: "saved", saved: 1 });
      expect(mixed!.message).toMatch(
        /^Imported 1 activity; 7 implausible rows skipped: “Rocket 1” \(.+\): The distance is not plausible \(at most 2,000 km\); .*; and 2 more$/,
      );
      expect(await progress(c, m.id)).toBe(30000);

      const board = await json<{ entries: { userId: number; rank: number; progress: number }[] }>(
        await call(`/api/challenges/${c}/leaderboard`, { cookie: rival.cookie }),
      );
      expect(board.entries.map((e) => [e.userId, e.rank, e.progress])).toEqual([
        [m.id, 1, 30000],
        [rival.id, 2, 5000],
      ]);
      const max = await env.DB.prepare("SELECT max(distance) AS d FROM activities WHERE user_id = ?")
        .bind(m.id)
        .first<{ d: number }>();
      expect(max!.d).toBe(30000);
    });

    it("manual entries: an implausible entry is a 400 with the field's message, on create and on edit; edits work", async () => {
      const m = await member();
      const open = await challenge("strava,file,archive,manual");
      await join(open, m.id);
      const start = new Date(now - DAY).toISOString().slice(0, 19) + "Z";
      const entry = {
        sportType: "Ride",
        name: "Commute",
        start,
        distanceKm: 12.5,
        duration: "0:45",
        elevation: 30,
      };

      const rocket = await call("/api/activities/manual", {
        cookie: m.cookie,
        body: { ...entry, distanceKm: 1000, duration: "1" },
      });
      expect(rocket.status).toBe(400);
      const speed =
        "The average speed is not plausible for a Ride (at most 80 km/h): check the distance and duration";
      expect(await json(rocket)).toEqual({ message: speed, errors: { distanceKm: [speed] } });
      const runner = await call("/api/activities/manual", {
        cookie: m.cookie,
        body: { ...entry, sportType: "Run", distanceKm: 42, duration: "1:00" },
      });
      expect(runner.status).toBe(400);
      expect(await activityCount(m.id)).toBe(0);

      expect((await call("/api/activities/manual", { cookie: m.cookie, body: entry })).status).toBe(201);
      const { id } = (await env.DB.prepare("SELECT id FROM activities WHERE user_id = ?")
        .bind(m.id)
        .first<{ id: number }>())!;
      expect(await progress(open, m.id)).toBe(12500);

      // Edit: the same checks, by the API…
      const badEdit = await call(`/api/activities/manual/${id}`, {
        method: "PUT",
        cookie: m.cookie,
        body: { ...entry, distanceKm: 900, duration: "2" },
      });
      expect(badEdit.status).toBe(400);
      expect((await json(badEdit)).errors).toEqual({ distanceKm: [speed] });
      const future = await call(`/api/activities/manual/${id}`, {
        method: "PUT",
        cookie: m.cookie,
        body: { ...entry, start: new Date(now + DAY).toISOString().slice(0, 19) + "Z" },
      });
      expect(future.status).toBe(400);
      expect((await json(future)).errors).toEqual({ start: ["The start time cannot be in the future"] });
      const edited = await call(`/api/activities/manual/${id}`, {
        method: "PUT",
        cookie: m.cookie,
        body: { ...entry, name: "Longer commute", distanceKm: 20, duration: "1:00:00", elevation: 80 },
      });
      expect(edited.status).toBe(200);
      expect(await json(edited)).toEqual({ message: "Activity updated" });
      const row = await env.DB.prepare(
        "SELECT id, name, distance, moving_time, total_elevation_gain, source FROM activities WHERE user_id = ?",
      )
        .bind(m.id)
        .first();
      expect(row).toEqual({
        id,
        name: "Longer commute",
        distance: 20000,
        moving_time: 3600,
        total_elevation_gain: 80,
        source: "manual",
      });
      expect(await progress(open, m.id)).toBe(20000);

      // …only the owner's manual entries…
      const other = await member();
      const notTheirs = await call(`/api/activities/manual/${id}`, {
        method: "PUT",
        cookie: other.cookie,
        body: entry,
      });
      expect(notTheirs.status).toBe(404);
      expect((await call(`/api/activities/manual/${id}`, { method: "PUT", body: entry })).status).toBe(401);

      // …and by the page's plain form.
      const fields = {
        intent: "edit-manual",
        id: String(id),
        sportType: "Walk",
        name: "Evening walk",
        start: new Date(now - DAY + 330 * 60_000).toISOString().slice(0, 16),
        duration: "1:00",
        distanceKm: "40",
        elevation: "0",
      };
      const pageBad = await call("/activities/upload", { cookie: m.cookie, body: pageForm(fields) });
      expect(pageBad.status).toBe(400);
      const html = await pageBad.text();
      expect(html).toContain("The average speed is not plausible for a Walk (at most 15 km/h)");
      const pageOk = await call("/activities/upload", {
        cookie: m.cookie,
        body: pageForm({ ...fields, distanceKm: "5" }),
      });
      expect(pageOk.status).toBe(302);
      expect(
        await env.DB.prepare("SELECT name, sport_type, distance FROM activities WHERE id = ?")
          .bind(id)
          .first(),
      ).toEqual({ name: "Evening walk", sport_type: "Walk", distance: 5000 });
    });

    it("Strava: an activity out of bounds is not stored, and an edit that makes one implausible removes it", async () => {
      const m = await createUser();
      const c = await challenge();
      await join(c, m.id);
      const app = createAppContext(env);
      const ride = {
        id: 93_000_000 + m.id,
        type: "Ride",
        sport_type: "Ride",
        name: "Morning ride",
        distance: 40_000,
        moving_time: 5400,
        elapsed_time: 6000,
        total_elevation_gain: 200,
        start_date: new Date(now - DAY).toISOString(),
      };
      const glitch = { ...ride, id: ride.id + 1, name: "GPS glitch", distance: 900_000, moving_time: 600 };
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await saveActivities(app, m.id, [toActivityRow(m.id, ride), toActivityRow(m.id, glitch)]);
      expect(
        (await env.DB.prepare("SELECT name FROM activities WHERE user_id = ?").bind(m.id).all()).results,
      ).toEqual([{ name: "Morning ride" }]);
      expect(await progress(c, m.id)).toBe(40_000);

      // Edited on Strava to 4,000 km in 90 minutes: the stored copy goes, and with it the progress.
      await saveActivities(app, m.id, [toActivityRow(m.id, { ...ride, distance: 4_000_000 })]);
      expect(await activityCount(m.id)).toBe(0);
      expect(await progress(c, m.id)).toBe(0);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/not stored \(strava\): The distance is not plausible/),
      );
      warn.mockRestore();
    });
  });

  describe("per-member upload limits", () => {
    const gpx = (name = "walk.gpx") => new File(["<gpx></gpx>"], name);
    const hourStart = () => {
      const s = Math.floor(Date.now() / 1000);
      return s - (s % 3600);
    };
    const usedThisHour = (userId: number, count: number) =>
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
        .bind(`uploads:${userId}`, hourStart(), count)
        .run();

    it("files per hour: the files past 60 are refused; none left is a 429 with Retry-After, on the API and the page", async () => {
      const m = await member();
      await usedThisHour(m.id, 59);
      const res = await call("/api/uploads", { cookie: m.cookie, body: form(gpx("a.gpx"), gpx("b.gpx")) });
      expect(res.status).toBe(202);
      const body = await json<{ uploads: UploadView[]; refused: { filename: string; message: string }[] }>(
        res,
      );
      expect(body.uploads.map((u) => u.filename)).toEqual(["a.gpx"]);
      expect(body.refused).toEqual([
        {
          filename: "b.gpx",
          message: expect.stringMatching(
            /^You can upload at most 60 files an hour\. Please try again in \d+ minutes?\.$/,
          ),
        },
      ]);
      await settled(m.cookie);

      const limited = await call("/api/uploads", { cookie: m.cookie, body: form(gpx()) });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect((await json(limited)).message).toBe(
        `You can upload at most 60 files an hour. Please try again in ${Math.ceil(retryAfter / 60)} minute${
          Math.ceil(retryAfter / 60) === 1 ? "" : "s"
        }.`,
      );
      const page = await call("/activities/upload", {
        cookie: m.cookie,
        body: pageForm({ intent: "upload" }, gpx()),
      });
      expect(page.status).toBe(429);
      expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await page.text()).toContain("You can upload at most 60 files an hour.");
      expect(await uploadsOf(m.cookie)).toHaveLength(1);
    });

    it("stored bytes: a file past 1,000 MB is a 413 and stores nothing; refused uploads do not count", async () => {
      const m = await member();
      const full = await env.DB.prepare(
        `INSERT INTO uploads (user_id, filename, kind, size, r2_key, status) VALUES (?, 'big.fit', 'fit', ?, ?, 'saved') RETURNING id`,
      )
        .bind(m.id, 1000 * 1024 * 1024 - 5, `activity-files/${m.id}/big.fit`)
        .first<{ id: number }>();
      const res = await call("/api/uploads", { cookie: m.cookie, body: form(gpx()) });
      expect(res.status).toBe(413);
      const message =
        "walk.gpx does not fit in your 1,000 MB of upload storage. Delete some uploads to make room.";
      expect((await json(res)).message).toBe(message);
      const page = await call("/activities/upload", {
        cookie: m.cookie,
        body: pageForm({ intent: "upload" }, gpx()),
      });
      expect(page.status).toBe(413);
      expect(await page.text()).toContain(message);
      expect(await filesOf(m.id)).toEqual([]);
      expect(await uploadsOf(m.cookie)).toHaveLength(1);
      // A refused (deleted) file frees its room; the refused attempts did not use the hour.
      await env.DB.prepare("UPDATE uploads SET status = 'refused' WHERE id = ?").bind(full!.id).run();
      expect((await call("/api/uploads", { cookie: m.cookie, body: form(gpx()) })).status).toBe(202);
      const used = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
        .bind(`uploads:${m.id}`)
        .first<{ count: number }>();
      expect(used!.count).toBe(1);
      await settled(m.cookie);
    });
  });

  describe("failed uploads end refused, their files deleted", () => {
    /** A queued upload with its file in R2 and, as a crash mid-import leaves, one of its activities saved. */
    async function queuedUpload(userId: number, createdAgoSeconds = 0) {
      const key = `activity-files/${userId}/${crypto.randomUUID()}.csv`;
      await env.UPLOADS.put(key, "Activity ID,Activity Date\n");
      const created = Math.floor(Date.now() / 1000) - createdAgoSeconds;
      const row = await env.DB.prepare(
        `INSERT INTO uploads (user_id, filename, kind, size, r2_key, status, created_at, updated_at)
       VALUES (?, 'activities.csv', 'csv', 26, ?, 'queued', ?, ?) RETURNING id`,
      )
        .bind(userId, key, created, created)
        .first<{ id: number }>();
      await env.DB.prepare(
        `INSERT INTO activities (user_id, source, upload_id, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local, private, visibility)
       VALUES (?, 'archive', ?, 'Half imported', 'Ride', 'Ride', 10000, 1800, 1800, ?, 'x', 1, 'only_me')`,
      )
        .bind(userId, row!.id, Math.floor((now - DAY) / 1000))
        .run();
      return { id: row!.id, key };
    }

    const uploadRow = (id: number) =>
      env.DB.prepare("SELECT status, message FROM uploads WHERE id = ?").bind(id).first();

    const message = (uploadId: number, attempts = 1) => ({
      id: `m${uploadId}-${attempts}`,
      timestamp: new Date(),
      attempts,
      body: { type: "parse-upload", uploadId },
    });

    it("a message that killed the consumer reaches the dead-letter queue: refused, activities and file gone", async () => {
      const m = await createUser();
      const c = await challenge();
      await join(c, m.id);
      const upload = await queuedUpload(m.id);
      const batch = createMessageBatch("activity-uploads-dlq", [message(upload.id)]);
      const ctx = createExecutionContext();
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      await worker.queue(batch as MessageBatch<never>, env, ctx);
      error.mockRestore();
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`m${upload.id}-1`]);
      expect(await uploadRow(upload.id)).toEqual({ status: "refused", message: UPLOAD_CRASHED });
      expect(await env.UPLOADS.get(upload.key)).toBeNull();
      expect(await activityCount(m.id)).toBe(0);
      expect(await progress(c, m.id)).toBe(0);
    });

    it("a consumer that throws is retried; on the last attempt the upload is refused and its file deleted", async () => {
      const m = await createUser();
      const upload = await queuedUpload(m.id);
      // R2 reads fail (an outage, a parser that throws): the consumer throws for this message.
      const broken = {
        ...env,
        UPLOADS: {
          get: async () => {
            throw new Error("R2 read failed");
          },
          delete: (key: string) => env.UPLOADS.delete(key),
        } as unknown as R2Bucket,
      };
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const first = createMessageBatch("activity-uploads", [message(upload.id, 1)]);
      const ctx1 = createExecutionContext();
      await worker.queue(first as MessageBatch<never>, broken, ctx1);
      expect(
        (await getQueueResult(first, ctx1)).retryMessages.map((r: { msgId: string }) => r.msgId),
      ).toEqual([`m${upload.id}-1`]);
      expect(await uploadRow(upload.id)).toEqual({ status: "queued", message: null });
      expect(await env.UPLOADS.get(upload.key)).not.toBeNull();

      const last = createMessageBatch("activity-uploads", [message(upload.id, 3)]);
      const ctx3 = createExecutionContext();
      await worker.queue(last as MessageBatch<never>, broken, ctx3);
      error.mockRestore();
      expect((await getQueueResult(last, ctx3)).explicitAcks).toEqual([`m${upload.id}-3`]);
      expect(await uploadRow(upload.id)).toEqual({ status: "refused", message: UPLOAD_FAILED });
      expect(await env.UPLOADS.get(upload.key)).toBeNull();
      expect(await activityCount(m.id)).toBe(0);
    });

    it("the cron gives up on uploads queued for more than an hour (and only those)", async () => {
      const m = await createUser();
      const stale = await queuedUpload(m.id, 2 * 3600);
      const fresh = await queuedUpload(m.id, 10 * 60);
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(await uploadRow(stale.id)).toEqual({ status: "refused", message: UPLOAD_STALE });
      expect(await env.UPLOADS.get(stale.key)).toBeNull();
      expect(await uploadRow(fresh.id)).toEqual({ status: "queued", message: null });
      expect(await env.UPLOADS.get(fresh.key)).not.toBeNull();
      expect(
        (await env.DB.prepare("SELECT upload_id FROM activities WHERE user_id = ?").bind(m.id).all()).results,
      ).toEqual([{ upload_id: fresh.id }]);
    });
  });
});
