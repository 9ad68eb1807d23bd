/**
 * Serves the built Worker with Miniflare directly, for the end-to-end tests
 * (scripts/start.ts with RUNTIME=miniflare). The same workerd, bindings,
 * assets and persisted state as `wrangler dev`, from the same wrangler.toml,
 * without wrangler's dev proxy in front of it: `wrangler dev` (4.86) answers
 * every request through a ProxyWorker in a second workerd, which answers a
 * POST whose forwarding to the Worker failed with a 503 "Your worker
 * restarted mid-request" and holds a failed GET until the next request comes
 * (docs/decisions/033-test-suite-time.md). Nothing here watches files or
 * reloads: the e2e servers serve one build.
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export interface MiniflareServer {
  url: URL;
  dispose(): Promise<void>;
}

export async function serveWithMiniflare(opts: {
  port: number;
  persistDir: string;
  /** The Worker's settings (the env file `wrangler dev` would read), over wrangler.toml's [vars]. */
  vars: Record<string, string>;
}): Promise<MiniflareServer> {
  // Wrangler's own bundling (esbuild plus its Node.js compatibility layer), as a deploy makes it.
  const outdir = resolve(opts.persistDir, "..", `bundle-${opts.port}`);
  rmSync(outdir, { recursive: true, force: true });
  execFileSync("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", outdir], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_LOG: "error" },
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const mf = new Miniflare({
    ...workerOptions,
    name: "wari-community",
    // One module: the bundle has its dynamic imports inlined, which Miniflare cannot follow on its own.
    modules: [{ type: "ESModule", path: join(outdir, "app.js") }],
    bindings: { ...workerOptions.bindings, ...opts.vars },
    host: "127.0.0.1",
    port: opts.port,
    // wrangler's layout under --persist-to, so `wrangler d1 execute --persist-to` reads the same database.
    defaultPersistRoot: join(resolve(opts.persistDir), "v3"),
    log: new Log(LogLevel.WARN),
  });
  const url = await mf.ready;
  // The cron, on demand: GET http://127.0.0.1:<port + 2>/__scheduled?cron=… runs the Worker's scheduled
  // handler and answers its outcome, as `wrangler dev`'s /__scheduled does. Not Miniflare's own
  // /cdn-cgi/handler/scheduled: with [assets] that reaches the assets router, which has no
  // scheduled handler, and answers 500 "exception" without running the app's cron.
  //
  // And one SQL statement on the Worker's D1, for tests that inject a fault or move a date:
  // POST http://127.0.0.1:<port + 2>/__d1 with the statement as the body. `wrangler d1 execute
  // --local` did the same from a new wrangler process and workerd per call (seconds of CPU each).
  // The port listens on 127.0.0.1 only, and only the e2e servers run this file.
  const worker = await mf.getWorker("wari-community");
  const db = await mf.getD1Database("DB");
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const fail = (error: unknown) => res.writeHead(500).end(String(error));
    if (url.pathname === "/__d1" && req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        db.prepare(Buffer.concat(chunks).toString("utf8"))
          .run()
          .then(() => res.writeHead(200).end("ok"))
          .catch(fail);
      });
      return;
    }
    worker
      .scheduled({ cron: url.searchParams.get("cron") ?? undefined, scheduledTime: new Date() })
      .then((result) => res.writeHead(result.outcome === "ok" ? 200 : 500).end(result.outcome))
      .catch(fail);
  });
  // Idle connections stay open for the run (see tests/fakes/server.ts: a reused one the server
  // has just closed is an ECONNRESET).
  control.keepAliveTimeout = 30 * 60_000;
  await new Promise<void>((done) => control.listen(opts.port + 2, "127.0.0.1", done));
  return {
    url,
    dispose: async () => {
      control.close();
      await mf.dispose();
    },
  };
}
