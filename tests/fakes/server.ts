/**
 * One HTTP server hosting every provider fake (Strava, Google, Razorpay,
 * e-mail) under its own path prefix, plus /_health and /_control/reset.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig, type FakesConfig } from "./config.js";
import { createEmail, type EmailState } from "./email.js";
import { createGoogle, type GoogleState } from "./google.js";
import {
  json,
  jsonError,
  parseBody,
  readBody,
  Router,
  type FakeRequest,
  type Provider,
  type Reply,
} from "./http.js";
import { fakeBasemapArchive } from "./pmtiles.js";
import { createPush, type PushState } from "./push.js";
import { createRazorpay, type RazorpayState } from "./razorpay.js";
import { createStrava, type StravaState } from "./strava.js";

export interface FakeState {
  readonly config: FakesConfig;
  readonly strava: StravaState;
  readonly google: GoogleState;
  readonly razorpay: RazorpayState;
  readonly email: EmailState;
  readonly push: PushState;
}

export interface StartFakesOptions {
  /** 0 picks a free port. Defaults to FAKES_PORT or 8788. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Credentials to accept instead of the environment/defaults. */
  config?: Partial<FakesConfig>;
  /** Log one line per request (defaults to FAKES_VERBOSE being set). */
  verbose?: boolean;
}

export interface RunningFakes {
  url: string;
  port: number;
  state: FakeState;
  close(): Promise<void>;
}

const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, x-requested-with",
  "access-control-max-age": "600",
};

export async function startFakes(opts: StartFakesOptions = {}): Promise<RunningFakes> {
  const host = opts.host ?? "127.0.0.1";
  const verbose = opts.verbose ?? Boolean(process.env.FAKES_VERBOSE);
  const config = loadConfig(process.env, opts.config);

  const strava = createStrava(config);
  const google = createGoogle(config);
  const razorpay = createRazorpay(config);
  const email = createEmail(config);
  const push = createPush();
  const providers: Provider<unknown>[] = [strava, google, razorpay, email, push];

  const router = new Router();
  const health = (): Reply => json(200, { ok: true });
  router.get("/", health);
  router.get("/_health", health);
  router.get("/favicon.ico", () => ({ status: 204, headers: {}, body: "" }));
  // A PMTiles basemap (MAP_TILES_URL, decision 057) for the end-to-end servers, answered by byte
  // ranges as a storage host does (the Worker's pmtiles reader asks for ranges).
  const basemap = fakeBasemapArchive();
  router.get("/basemap.pmtiles", (req) => {
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
    const headers = {
      "content-type": "application/octet-stream",
      "accept-ranges": "bytes",
      etag: '"basemap-1"',
    };
    if (!range) return { status: 200, headers, body: basemap };
    const from = Number(range[1]);
    if (from >= basemap.length)
      return { status: 416, headers: { ...headers, "content-range": `bytes */${basemap.length}` }, body: "" };
    const to = Math.min(Number(range[2]), basemap.length - 1);
    return {
      status: 206,
      headers: { ...headers, "content-range": `bytes ${from}-${to}/${basemap.length}` },
      body: basemap.subarray(from, to + 1),
    };
  });
  router.post("/_control/reset", () => {
    for (const provider of providers) provider.reset();
    return json(200, { ok: true });
  });
  for (const provider of providers) provider.register(router);

  async function dispatch(req: IncomingMessage, origin: string): Promise<Reply> {
    const method = (req.method ?? "GET").toUpperCase();
    if (method === "OPTIONS") return { status: 204, headers: {}, body: "" };
    const url = new URL(req.url ?? "/", origin);
    const rawBytes = await readBody(req);
    const rawBody = rawBytes.toString("utf8");
    const request: FakeRequest = {
      method,
      url,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      rawBody,
      rawBytes,
      body: parseBody(rawBody, req.headers["content-type"]),
      origin,
    };
    const match = router.match(method, url.pathname);
    if (match.kind === "not-found") return json(404, { error: "not found", method, path: url.pathname });
    if (match.kind === "method-not-allowed")
      return jsonError(405, `method ${method} not allowed on ${url.pathname}`);
    return match.route.handler(request, match.params);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
    let result: Reply;
    try {
      result = await dispatch(req, origin);
    } catch (error) {
      console.error("[fakes] handler error:", error);
      result = jsonError(500, error instanceof Error ? error.message : String(error));
    }
    res.writeHead(result.status, { ...CORS_HEADERS, ...result.headers });
    res.end(req.method === "HEAD" ? undefined : result.body);
    if (verbose) {
      console.log(
        `[fakes] ${req.method ?? "?"} ${req.url ?? ""} -> ${result.status} (${Math.round(performance.now() - started)} ms)`,
      );
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  // A client that keeps connections open between requests (the e2e suite's browser contexts and
  // request contexts) can send on an idle connection just as the server closes it, and gets
  // ECONNRESET. Node closes idle connections after 5 s; these fakes keep them for the run.
  server.keepAliveTimeout = 30 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? Number(process.env.FAKES_PORT ?? 8788), host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}`,
    port,
    state: {
      config,
      strava: strava.state,
      google: google.state,
      razorpay: razorpay.state,
      email: email.state,
      push: push.state,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
