// Issue #14 in workerd: uploads go to R2 and the real queue consumer, land as
// activities through the store, count in stats and challenge progress, drop
// out after deletion; duplicates of a synced Strava activity; the archive
// CSV; manual entries; the challenge source setting; guards.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "~workers/app";
import { describe, expect, it, vi } from "vitest";
import { encodeFit } from "~scripts/make-activity-fixtures";
import { call, createUser, json, login } from "./helpers";
import { saveActivities } from "~/modules/activities/store.server";
import { createAppContext } from "~workers/load-context";
import { startTrackBackfill, TRACK_BACKFILL_KEY, type UploadView } from "~/modules/uploads/uploads.server";
import { decodePolyline, encodePolyline, type LatLon } from "~/modules/activities/track-geometry";
import type { ActivityView } from "~/modules/activities/list.server";
import { pmtilesArchive, vectorTile } from "../fakes/pmtiles";

const DAY = 86_400_000;
const now = Date.now();
const rideStart = new Date(Math.floor((now - 2 * DAY) / 60_000) * 60_000);
const rideFit = () =>
  encodeFit({
    sport: "cycling",
    start: rideStart,
    seconds: 3600,
    speed: 7,
    pauses: [[1800, 2100]],
    altitude: (i) => 560 + 40 * Math.sin(i / 300),
    heartRate: (i) => 120 + (i % 40),
    utcOffsetMinutes: 330,
  });

/**
 * A ride of 10 km due north from 18.5° N 73.85° E (Pune) with its track: zoom 12 tiles x 2887-2888,
 * y 1832-1833 (worked out by hand in tests/unit/activity-tracks.test.ts).
 */
async function tenKmNorth(userId: number) {
  const activity = await env.DB.prepare(
    `INSERT INTO activities (user_id, source, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local)
     VALUES (?, 'file', 'Ten km north', 'Ride', 'Ride', 10000, 1800, 1800, ?, 'x') RETURNING id`,
  )
    .bind(userId, Math.floor(now / 1000) - 86_400)
    .first<{ id: number }>();
  const north: LatLon[] = Array.from({ length: 11 }, (_, i) => [18.5 + (i * 1000) / 111_195, 73.85]);
  await env.DB.prepare("INSERT INTO activity_tracks (activity_id, user_id, polyline) VALUES (?, ?, ?)")
    .bind(activity!.id, userId, encodePolyline(north))
    .run();
  return activity!;
}

const form = (...files: File[]) => {
  const body = new FormData();
  for (const f of files) body.append("files", f);
  return body;
};

async function member() {
  const user = await createUser();
  return { ...user, cookie: await login(user.username, user.password) };
}

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

async function challenge(sources?: string) {
  const row = await env.DB.prepare(
    `INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date, is_active, sources)
     VALUES ('Upload test', 'x', 100000, 'Ride', ?, ?, 1, ?) RETURNING id`,
  )
    .bind(
      Math.floor((now - 10 * DAY) / 1000),
      Math.floor((now + 10 * DAY) / 1000),
      sources ?? "strava,file,archive",
    )
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

const rideKm = async (cookie: string) =>
  (
    await json<{ bySport: Record<string, { totalDistanceKm?: number; activityCount: number }> }>(
      await call("/api/dashboard/stats", { cookie }),
    )
  ).bySport.Ride!.activityCount;

describe("uploads", () => {
  it("guards: guests get 401 on every upload call", async () => {
    expect((await call("/api/uploads")).status).toBe(401);
    expect((await call("/api/uploads", { body: form(new File(["x"], "a.gpx")) })).status).toBe(401);
    expect((await call("/api/uploads/1", { method: "DELETE" })).status).toBe(401);
    expect((await call("/api/uploads/1/file")).status).toBe(401);
    expect((await call("/api/activities/manual", { body: {} })).status).toBe(401);
    expect((await call("/api/activities/manual/1", { method: "DELETE" })).status).toBe(401);
    const page = await call("/activities/upload");
    expect([302, 401]).toContain(page.status);
  });

  it("upload → queue → activity with the file's numbers; counts in stats and challenges; deletion drops it", async () => {
    const m = await member();
    const c = await challenge();
    await join(c, m.id);
    const before = await rideKm(m.cookie);

    const res = await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([rideFit() as Uint8Array<ArrayBuffer>], "Morning ride.fit")),
    });
    expect(res.status).toBe(202);
    const [done] = await settled(m.cookie);
    expect(done).toMatchObject({ filename: "Morning ride.fit", kind: "fit", status: "saved", saved: 1 });

    const row = await env.DB.prepare(
      "SELECT source, strava_id, upload_id, sport_type, distance, moving_time, elapsed_time, average_heartrate, max_heartrate, start_date, start_date_local, private FROM activities WHERE user_id = ?",
    )
      .bind(m.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      source: "file",
      strava_id: null,
      upload_id: done!.id,
      sport_type: "Ride",
      distance: 23093,
      moving_time: 3299,
      elapsed_time: 3600,
      average_heartrate: 140,
      max_heartrate: 159,
      start_date: rideStart.getTime() / 1000,
      private: 1,
    });
    expect(row!.start_date_local).toBe(
      new Date(rideStart.getTime() + 330 * 60_000).toISOString().slice(0, 19) + "Z",
    );

    // Counts: the member's list, dashboard and challenge progress.
    const list = await json<ActivityView[]>(await call("/api/activities", { cookie: m.cookie }));
    expect(list.map((a) => [a.source, a.stravaId])).toEqual([["file", undefined]]);
    // The upload's result leads to its activity, with distance and date (issue #37 item 3).
    expect(done!.activity).toEqual({
      id: list[0]!.id,
      name: list[0]!.name,
      sportType: "Ride",
      distance: 23093,
      startDate: rideStart.toISOString(),
    });
    const page = await (await call("/activities/upload", { cookie: m.cookie })).text();
    expect(page).toContain(`href="/activities/${list[0]!.id}"`);
    expect(page).toMatch(/23\.1 km · \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(await rideKm(m.cookie)).toBe(before + 1);
    expect(await progress(c, m.id)).toBe(23093);

    // Only the owner downloads the original.
    const file = await call(`/api/uploads/${done!.id}/file`, { cookie: m.cookie });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(rideFit());
    const other = await member();
    expect((await call(`/api/uploads/${done!.id}/file`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/uploads/${done!.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(
      404,
    );

    const deleted = await call(`/api/uploads/${done!.id}`, { method: "DELETE", cookie: m.cookie });
    expect(deleted.status).toBe(200);
    expect(await uploadsOf(m.cookie)).toEqual([]);
    expect(await rideKm(m.cookie)).toBe(before);
    expect(await progress(c, m.id)).toBe(0);
    expect((await env.UPLOADS.list({ prefix: `activity-files/${m.id}/` })).objects).toEqual([]);
  });

  it("an uploaded ride keeps its track, splits and profile (issue #40): the page draws them, only for its owner; a backfill restores a lost one; deletion removes it", async () => {
    const m = await member();
    await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([rideFit() as Uint8Array<ArrayBuffer>], "Track ride.fit")),
    });
    const [done] = await settled(m.cookie);
    expect(done!.status).toBe("saved");
    const id = done!.activity!.id;
    const track = await json<{
      polyline: string;
      splits: { km: number; distance: number; movingTime: number; averageHeartrate: number }[];
      profile: { distance: number[]; elevation: number[]; heartrate: number[] };
    }>(await call(`/api/activities/${id}/track`, { cookie: m.cookie }));
    // 7 m/s: 23 whole km of 142.9 s each, and the last 93 m of the file's 23,093 m.
    expect(track.splits).toHaveLength(24);
    expect(track.splits[0]).toMatchObject({ km: 1, distance: 1000, movingTime: 142.9 });
    expect(track.splits[23]).toMatchObject({ km: 24, distance: 93 });
    expect(track.profile.distance).toHaveLength(500);
    expect(track.profile.distance.at(-1)).toBe(23.093);
    expect(decodePolyline(track.polyline).length).toBeGreaterThanOrEqual(2);

    const html = await (await call(`/activities/${id}`, { cookie: m.cookie })).text();
    expect(html).toContain('data-testid="route-map"');
    expect(html).toMatch(/<title id="route-title">Route map of/);
    expect(html).toContain('data-testid="splits"');
    expect(html).toContain('data-testid="profile-elevation"');
    expect(html).toContain('data-testid="profile-heartrate"');

    // Uploads are private: another member gets neither the page nor the track.
    const other = await member();
    expect((await call(`/api/activities/${id}/track`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/activities/${id}`, { cookie: other.cookie })).status).toBe(404);

    // Uploads from before tracks were kept: the one-off backfill (cron → upload queue) restores the track.
    await env.DB.prepare("DELETE FROM activity_tracks WHERE activity_id = ?").bind(id).run();
    await env.SESSIONS.delete(TRACK_BACKFILL_KEY);
    expect(await startTrackBackfill(createAppContext(env))).toBe(true);
    expect(await startTrackBackfill(createAppContext(env))).toBe(false);
    await vi.waitFor(
      async () => {
        const row = await env.DB.prepare("SELECT splits FROM activity_tracks WHERE activity_id = ?")
          .bind(id)
          .first<{ splits: string }>();
        if (!row) throw new Error("not yet");
        expect(JSON.parse(row.splits)).toEqual(track.splits);
      },
      { timeout: 15_000, interval: 100 },
    );

    // Deleting the upload deletes its track.
    expect(await call(`/api/uploads/${done!.id}`, { method: "DELETE", cookie: m.cookie })).toHaveProperty(
      "status",
      200,
    );
    expect(
      await env.DB.prepare("SELECT count(*) n FROM activity_tracks WHERE user_id = ?").bind(m.id).first("n"),
    ).toBe(0);
  });

  it("MAP_TILES_URL draws the basemap's tiles under the route map and lets the tile host into img-src; without it, no tiles (decision 050)", async () => {
    const m = await member();
    const activity = await tenKmNorth(m.id);
    const page = async (settings: Partial<typeof env>, path = `/activities/${activity.id}`) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`http://localhost:8787${path}`, {
          headers: { Cookie: m.cookie },
        }) as Request<unknown, IncomingRequestCfProperties>,
        { ...env, ...settings },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      const imgSrc = (res.headers.get("Content-Security-Policy") ?? "")
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === "img-src");
      return { html: (await res.text()).replaceAll("&amp;", "&"), imgSrc: imgSrc ?? [] };
    };

    const tiled = await page({
      MAP_TILES_URL: "http://tiles.test:8080/osm/{z}/{x}/{y}.png?key=k",
      MAP_TILES_ATTRIBUTION: "© OpenStreetMap contributors, Test Tiles",
    });
    expect(tiled.html).toContain('data-testid="route-map"');
    const hrefs = [...tiled.html.matchAll(/<image href="([^"]+)"/g)].map((h) => h[1]).sort();
    expect(hrefs).toEqual([
      "http://tiles.test:8080/osm/12/2887/1832.png?key=k",
      "http://tiles.test:8080/osm/12/2887/1833.png?key=k",
      "http://tiles.test:8080/osm/12/2888/1832.png?key=k",
      "http://tiles.test:8080/osm/12/2888/1833.png?key=k",
    ]);
    // The tiles come before (under) the track; the attribution is on the map.
    expect(tiled.html.indexOf("<image")).toBeLessThan(tiled.html.lastIndexOf('<path d="M'));
    expect(tiled.html).toMatch(
      /data-testid="route-attribution"[^>]*>© OpenStreetMap contributors, Test Tiles</,
    );
    expect(tiled.imgSrc).toContain("http://tiles.test:8080");

    for (const settings of [
      {},
      { MAP_TILES_URL: "" },
      { MAP_TILES_URL: "http://tiles.test:8080/no-template.png" },
    ]) {
      const plain = await page(settings);
      expect(plain.html).toContain('data-testid="route-map"');
      expect(plain.html).not.toContain("<image");
      expect(plain.html).not.toContain("route-attribution");
      expect(plain.imgSrc).not.toContain("http://tiles.test:8080");
    }

    // The heatmap too: the same tiles under the routes, drawn in their projection, with the credit.
    const heat = await page(
      {
        MAP_TILES_URL: "http://tiles.test:8080/osm/{z}/{x}/{y}.png?key=k",
        MAP_TILES_ATTRIBUTION: "© OpenStreetMap contributors, Test Tiles",
      },
      "/activities/heatmap",
    );
    expect(heat.html).toContain('data-testid="heatmap-tiles"');
    const heatHrefs = [...heat.html.matchAll(/<image href="([^"]+)"/g)].map((h) => h[1]);
    expect(heatHrefs.length).toBeGreaterThan(0);
    expect(
      heatHrefs.every((h) => /^http:\/\/tiles\.test:8080\/osm\/\d+\/\d+\/\d+\.png\?key=k$/.test(h!)),
    ).toBe(true);
    expect(heat.html).toMatch(
      /data-testid="heatmap-attribution"[^>]*>© OpenStreetMap contributors, Test Tiles</,
    );
    expect(heat.imgSrc).toContain("http://tiles.test:8080");
    // Without a basemap the heatmap has none (and is drawn, and kept, apart from the one over tiles).
    const plainHeat = await page({}, "/activities/heatmap");
    expect(plainHeat.html).toContain('data-testid="heatmap"');
    expect(plainHeat.html).not.toContain("<image");
    expect(plainHeat.html).not.toContain("heatmap-attribution");
  });

  it("a PMTiles basemap in R2 is served by the Worker at /map-tiles: vector tiles drawn as SVG (overzoomed past the archive), raster tiles as stored, members only (decision 057)", async () => {
    const m = await member();
    const lake = vectorTile([
      {
        name: "water",
        features: [
          {
            type: 3,
            rings: [
              [
                [0, 0],
                [2048, 0],
                [2048, 2048],
                [0, 2048],
                [0, 0],
              ],
            ],
          },
        ],
      },
      {
        name: "roads",
        features: [
          {
            type: 2,
            rings: [
              [
                [0, 4000],
                [4096, 4000],
              ],
            ],
            properties: { kind: "major_road" },
          },
        ],
      },
      { name: "pois", features: [] },
    ]);
    await env.UPLOADS.put("basemap/test.pmtiles", pmtilesArchive({ tileFor: () => lake, maxZoom: 12 }));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await env.UPLOADS.put(
      "basemap/raster.pmtiles",
      pmtilesArchive({ tileFor: () => png, maxZoom: 3, tileType: 2 }),
    );
    const get = async (path: string, settings: Partial<typeof env>, cookie: string | null = m.cookie) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`http://localhost:8787${path}`, {
          headers: cookie ? { Cookie: cookie } : {},
        }) as Request<unknown, IncomingRequestCfProperties>,
        { ...env, ...settings },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const vector = {
      MAP_TILES_URL: "r2:basemap/test.pmtiles",
      MAP_TILES_ATTRIBUTION: "© OpenStreetMap contributors",
    };

    const tile = await get("/map-tiles/12/2887/1832", vector);
    expect(tile.status).toBe(200);
    expect(tile.headers.get("content-type")).toBe("image/svg+xml");
    expect(tile.headers.get("cache-control")).toBe("private, max-age=604800");
    const svg = await tile.text();
    // The lake fills the tile's top-left quarter; the main road is drawn over its casing; no labels.
    expect(svg).toContain('viewBox="0 0 4096 4096"');
    expect(svg).toMatch(/<path data-style="water" fill="#aad3df"[^>]* d="M0 0 2048 0 2048 2048 0 2048Z"\/>/);
    expect(svg.indexOf('data-style="majorCasing"')).toBeLessThan(svg.indexOf('data-style="major"'));
    expect(svg).not.toContain("<text");
    // Two zooms past the archive's 12: the tile's share of its ancestor at 12 (x 11549 = 4·2887 + 1).
    const deeper = await (await get("/map-tiles/14/11549/7330", vector)).text();
    expect(deeper).toContain('viewBox="1024 2048 1024 1024"');

    for (const [path, status] of [
      ["/map-tiles/19/0/0", 404], // more than six zooms past the archive
      ["/map-tiles/3/8/0", 404], // x outside zoom 3
      ["/map-tiles/3/x/0", 404],
    ] as const)
      expect((await get(path, vector)).status, path).toBe(status);
    // A guest is sent to sign in, as on every page.
    const guest = await get("/map-tiles/12/2887/1832", vector, null);
    expect([guest.status, guest.headers.get("location")]).toEqual([
      302,
      expect.stringMatching(/^\/auth\?redirectTo=%2Fmap-tiles%2F/),
    ]);
    expect((await get("/map-tiles/12/2887/1832", {})).status).toBe(404);
    const broken = await get("/map-tiles/1/0/0", { MAP_TILES_URL: "r2:basemap/missing.pmtiles" });
    expect(broken.status).toBe(502);
    expect(await broken.json()).toMatchObject({ message: "The basemap is unavailable" });

    // An archive at an https address is read by byte ranges (the fakes' basemap, as a storage host serves it).
    const remote = await get("/map-tiles/14/11549/7330", {
      MAP_TILES_URL: `${env.FAKES_URL}/basemap.pmtiles`,
    });
    expect(remote.status).toBe(200);
    expect(await remote.text()).toMatch(/data-style="water".*data-style="road"/);

    const raster = await get("/map-tiles/2/1/3", { MAP_TILES_URL: "r2:basemap/raster.pmtiles" });
    expect(raster.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await raster.arrayBuffer())).toEqual(png);
    expect((await get("/map-tiles/4/1/3", { MAP_TILES_URL: "r2:basemap/raster.pmtiles" })).status).toBe(404);

    // The route map and the heatmap draw those tiles from this origin: nothing more in img-src.
    const activity = await tenKmNorth(m.id);
    const page = await get(`/activities/${activity.id}`, vector);
    const html = await page.text();
    const hrefs = [...html.matchAll(/<image href="([^"]+)"/g)].map((h) => h[1]).sort();
    expect(hrefs).toEqual([
      "/map-tiles/12/2887/1832",
      "/map-tiles/12/2887/1833",
      "/map-tiles/12/2888/1832",
      "/map-tiles/12/2888/1833",
    ]);
    const imgSrc = (res: Response) =>
      (res.headers.get("Content-Security-Policy") ?? "").split(";").find((d) => d.includes("img-src"));
    expect(imgSrc(page)).toBe(imgSrc(await get(`/activities/${activity.id}`, {})));
  });

  it("a file that matches a synced Strava activity is a duplicate and names it", async () => {
    const m = await member();
    await env.DB.prepare(
      `INSERT INTO activities (user_id, strava_id, source, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local, private, visibility)
       VALUES (?, ?, 'strava', 'Sunday Strava ride', 'Ride', 'Ride', 23000, 3300, 3600, ?, 'x', 0, 'everyone')`,
    )
      .bind(m.id, 90_000_000 + m.id, rideStart.getTime() / 1000 + 60)
      .run();
    await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([rideFit() as Uint8Array<ArrayBuffer>], "ride.fit")),
    });
    const [dup] = await settled(m.cookie);
    expect(dup).toMatchObject({ status: "duplicate", saved: 0, duplicates: 1 });
    expect(dup!.message).toMatch(/^Duplicate of “Sunday Strava ride” \(Strava, /);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM activities WHERE user_id = ?")
      .bind(m.id)
      .first();
    expect(count).toEqual({ n: 1 });
  });

  it("Strava's copy, synced after the upload, replaces it in the same batch (Strava wins)", async () => {
    const m = await member();
    await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([rideFit() as Uint8Array<ArrayBuffer>], "r.fit")),
    });
    expect((await settled(m.cookie))[0]).toMatchObject({ status: "saved" });
    await saveActivities(createAppContext(env), m.id, [
      {
        userId: m.id,
        stravaId: 91_000_000 + m.id,
        name: "Synced ride",
        type: "Ride",
        sportType: "Ride",
        distance: 23500,
        startDate: new Date(rideStart.getTime() + 30_000),
        startDateLocal: "x",
      },
    ]);
    const rows = await env.DB.prepare("SELECT source, name FROM activities WHERE user_id = ?")
      .bind(m.id)
      .all();
    expect(rows.results).toEqual([{ source: "strava", name: "Synced ride" }]);
    // The upload's result no longer says only "Saved": derived from what it still holds.
    const [replaced] = await uploadsOf(m.cookie);
    expect(replaced).toMatchObject({ status: "saved", saved: 1, replaced: 1 });
    const page = await (await call("/activities/upload", { cookie: m.cookie })).text();
    expect(page).toContain("Replaced by your Strava copy of this activity");
  });

  it("refuses wrong, empty and too large files with a plain message and stores nothing", async () => {
    const m = await member();
    const wrong = await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File(["hello"], "notes.txt")),
    });
    expect(wrong.status).toBe(400);
    expect((await json<{ refused: { message: string }[] }>(wrong)).refused[0]!.message).toBe(
      "notes.txt is not a FIT, GPX, TCX, CSV or ZIP file",
    );
    const big = await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([new Uint8Array(25 * 1024 * 1024 + 1)], "huge.fit")),
    });
    expect(big.status).toBe(400);
    expect((await json<{ refused: { message: string }[] }>(big)).refused[0]!.message).toBe(
      "huge.fit is larger than 25 MB",
    );
    const none = await call("/api/uploads", { cookie: m.cookie, body: new FormData() });
    expect(none.status).toBe(400);
    // A broken file is stored, read by the consumer, and refused with why.
    await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([rideFit().slice(0, 500) as Uint8Array<ArrayBuffer>], "cut.fit")),
    });
    const [cut] = await settled(m.cookie);
    expect(cut).toMatchObject({ status: "refused", saved: 0, activity: null });
    expect(cut!.message).toMatch(/damaged or incomplete/);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM activities WHERE user_id = ?")
      .bind(m.id)
      .first();
    expect(count).toEqual({ n: 0 });
  });

  it("imports Strava's activities.csv as archive activities", async () => {
    const m = await member();
    const csv = [
      "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Max Heart Rate,Commute,Elapsed Time,Moving Time,Distance,Elevation Gain,Average Heart Rate,Commute",
      '1,"Oct 1, 2026, 1:00:00 AM",Morning Ride,Ride,3900,30.12,,false,3900,3600.0,30120.0,210,,0.0',
      '2,"Oct 2, 2026, 12:30:05 PM","Lunch Run, easy",Run,1900,5.01,171,false,1900,1800,5010.5,12,152,0.0',
      "3,bad date,Broken,Ride,1,1,,false,1,1,1,1,,0.0",
    ].join("\n");
    await call("/api/uploads", { cookie: m.cookie, body: form(new File([csv], "activities.csv")) });
    const [archive] = await settled(m.cookie);
    expect(archive).toMatchObject({ kind: "csv", status: "saved", saved: 2, activity: null });
    expect(archive!.message).toBe("Imported 2 activities; 1 row could not be read");
    const rows = await env.DB.prepare(
      "SELECT source, name, distance, moving_time, average_heartrate FROM activities WHERE user_id = ? ORDER BY start_date",
    )
      .bind(m.id)
      .all();
    expect(rows.results).toEqual([
      {
        source: "archive",
        name: "Morning Ride",
        distance: 30120,
        moving_time: 3600,
        average_heartrate: null,
      },
      {
        source: "archive",
        name: "Lunch Run, easy",
        distance: 5010.5,
        moving_time: 1800,
        average_heartrate: 152,
      },
    ]);
  });

  it("manual entries: saved through the store, duplicates refused, bad input 400; challenges count them only when allowed", async () => {
    const m = await member();
    const strict = await challenge();
    const open = await challenge("strava,file,archive,manual");
    await join(strict, m.id);
    await join(open, m.id);
    const start = new Date(now - DAY).toISOString().slice(0, 19) + "Z";
    const entry = {
      sportType: "Ride",
      name: "Ride to the market",
      start,
      distanceKm: 12.5,
      duration: "0:45",
      elevation: 30,
    };
    const saved = await call("/api/activities/manual", { cookie: m.cookie, body: entry });
    expect(saved.status).toBe(201);
    const again = await call("/api/activities/manual", { cookie: m.cookie, body: entry });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toMatch(
      /^You already have this activity: “Ride to the market” \(manual entry, /,
    );
    const bad = await call("/api/activities/manual", {
      cookie: m.cookie,
      body: { ...entry, duration: "soon" },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(
      "Duration must be a time such as 45, 1:30 or 1:30:00 (between 1 minute and 48 hours)",
    );
    const row = await env.DB.prepare(
      "SELECT source, manual, distance, moving_time FROM activities WHERE user_id = ?",
    )
      .bind(m.id)
      .first();
    expect(row).toEqual({ source: "manual", manual: 1, distance: 12500, moving_time: 2700 });
    expect(await progress(strict, m.id)).toBe(0);
    expect(await progress(open, m.id)).toBe(12500);

    // Deletion: only the owner's manual entries (404 for another's or a non-manual id).
    const { id } = (await env.DB.prepare("SELECT id FROM activities WHERE user_id = ?")
      .bind(m.id)
      .first<{ id: number }>())!;
    const page = await (await call("/activities/upload", { cookie: m.cookie })).text();
    expect(page).toContain("Ride to the market");
    const other = await member();
    const notTheirs = await call(`/api/activities/manual/${id}`, { method: "DELETE", cookie: other.cookie });
    expect(notTheirs.status).toBe(404);
    expect((await json(notTheirs)).message).toBe("Manual activity not found");
    await call("/api/uploads", {
      cookie: m.cookie,
      body: form(new File([rideFit() as Uint8Array<ArrayBuffer>], "r.fit")),
    });
    await settled(m.cookie);
    const file = await env.DB.prepare("SELECT id FROM activities WHERE user_id = ? AND source = 'file'")
      .bind(m.id)
      .first<{ id: number }>();
    expect(
      (await call(`/api/activities/manual/${file!.id}`, { method: "DELETE", cookie: m.cookie })).status,
    ).toBe(404);
    expect((await call("/api/activities/manual/abc", { method: "DELETE", cookie: m.cookie })).status).toBe(
      404,
    );
    const removed = await call(`/api/activities/manual/${id}`, { method: "DELETE", cookie: m.cookie });
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ message: "Activity deleted" });
    expect(await progress(open, m.id)).toBe(23093);
    const left = await env.DB.prepare("SELECT source FROM activities WHERE user_id = ?").bind(m.id).all();
    expect(left.results).toEqual([{ source: "file" }]);
    // The page's plain form (no JavaScript) deletes through the same call.
    await call("/api/activities/manual", { cookie: m.cookie, body: { ...entry, name: "Walk" } });
    const walk = (await env.DB.prepare("SELECT id FROM activities WHERE user_id = ? AND source = 'manual'")
      .bind(m.id)
      .first<{ id: number }>())!;
    const body = new FormData();
    body.set("intent", "delete-manual");
    body.set("id", String(walk.id));
    const posted = await call("/activities/upload", {
      cookie: m.cookie,
      body,
    });
    expect(posted.status).toBe(302);
    const manualLeft = await env.DB.prepare(
      "SELECT count(*) AS n FROM activities WHERE user_id = ? AND source = 'manual'",
    )
      .bind(m.id)
      .first();
    expect(manualLeft).toEqual({ n: 0 });
  });

  it("a manual entry is typed in the member's own zone (Europe/London), on the form and over the API, and shown back in it", async () => {
    const m = await member();
    const set = await call("/api/user", {
      method: "PATCH",
      cookie: m.cookie,
      body: { timeZone: "Europe/London" },
    });
    expect(set.status).toBe(200);
    const stored = async (name: string) =>
      env.DB.prepare(
        "SELECT id, start_date AS startDate, start_date_local AS local, timezone FROM activities WHERE user_id = ? AND name = ?",
      )
        .bind(m.id, name)
        .first<{ id: number; startDate: number; local: string; timezone: string }>();
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

    // The page's form: 18:00 on 15 Jan is 18:00 UTC in London (India time would be 12:30 UTC).
    const body = new FormData();
    for (const [k, v] of Object.entries({
      intent: "manual",
      sportType: "Ride",
      name: "Evening ride in London",
      start: "2026-01-15T18:00",
      duration: "1:00",
      distanceKm: "20",
      elevation: "50",
    }))
      body.set(k, v);
    expect((await call("/activities/upload", { cookie: m.cookie, body })).status).toBe(302);
    const evening = (await stored("Evening ride in London"))!;
    expect(iso(evening.startDate)).toBe("2026-01-15T18:00:00.000Z");
    expect(evening.local).toBe("2026-01-15T18:00:00Z");
    expect(evening.timezone).toBe("(GMT+00:00) Europe/London");

    // The API, a start without an offset: 06:30 on 1 Jul is British Summer Time, 05:30 UTC.
    const entry = {
      sportType: "Ride",
      name: "Morning ride in London",
      start: "2026-07-01T06:30",
      distanceKm: 20,
      duration: "1:00",
      elevation: 50,
    };
    expect((await call("/api/activities/manual", { cookie: m.cookie, body: entry })).status).toBe(201);
    const morning = (await stored("Morning ride in London"))!;
    expect(iso(morning.startDate)).toBe("2026-07-01T05:30:00.000Z");
    expect(morning.local).toBe("2026-07-01T06:30:00Z");
    expect(morning.timezone).toBe("(GMT+01:00) Europe/London");
    // A start with its offset is that instant, whatever the zone.
    const edited = await call(`/api/activities/manual/${morning.id}`, {
      method: "PUT",
      cookie: m.cookie,
      body: { ...entry, start: "2026-07-01T06:30:00+05:30" },
    });
    expect(edited.status).toBe(200);
    const moved = (await stored("Morning ride in London"))!;
    expect(iso(moved.startDate)).toBe("2026-07-01T01:00:00.000Z");
    expect(moved.local).toBe("2026-07-01T02:00:00Z");

    // The page shows the entries back in London time: the edit form holds what was typed.
    const page = await (await call("/activities/upload", { cookie: m.cookie })).text();
    expect(page).toContain('value="2026-01-15T18:00"');
    expect(page).toContain('value="2026-07-01T02:00"');
    expect(page).toMatch(/Times are(<!-- -->)? <span[^>]*>Europe\/London time<\/span>/);
  });
});
