/** Shared plumbing for the provider fakes: requests, replies, routing, auth and crypto helpers. */
import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

// ---------------------------------------------------------------------------
// Requests and replies
// ---------------------------------------------------------------------------

export type Fields = Record<string, unknown>;

export interface FakeRequest {
  readonly method: string;
  readonly url: URL;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  /** The body as sent (binary bodies: the push fake's encrypted messages). */
  readonly rawBytes: Buffer;
  /** Parsed JSON object or form fields (repeated form keys become arrays). */
  readonly body: Fields;
  /** `http://host:port` as the client addressed us. */
  readonly origin: string;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export function reply(
  status: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): Reply {
  return { status, headers: { "content-type": contentType, ...headers }, body };
}

export function json(status: number, data: unknown, headers: Record<string, string> = {}): Reply {
  return reply(status, JSON.stringify(data), "application/json; charset=utf-8", headers);
}

export function html(status: number, markup: string): Reply {
  return reply(status, markup, "text/html; charset=utf-8", { "cache-control": "no-store" });
}

export function redirect(location: string, status = 302): Reply {
  return { status, headers: { location }, body: "" };
}

export function withHeaders(original: Reply, headers: Record<string, string>): Reply {
  return { ...original, headers: { ...original.headers, ...headers } };
}

/** Generic error used by control endpoints and unknown routes. */
export function jsonError(status: number, message: string): Reply {
  return json(status, { error: message });
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function formToFields(params: URLSearchParams): Fields {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = fields[key];
    if (existing === undefined) fields[key] = value;
    else fields[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

/** Parses JSON and application/x-www-form-urlencoded bodies; anything else yields `{}`. */
export function parseBody(raw: string, contentType: string | undefined): Fields {
  if (raw.trim() === "") return {};
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/x-www-form-urlencoded") return formToFields(new URLSearchParams(raw));
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRecord(parsed) ? parsed : {};
  } catch {
    // Untyped bodies that look like a form are treated as one (e.g. curl -d a=b).
    return type === "" && raw.includes("=") ? formToFields(new URLSearchParams(raw)) : {};
  }
}

/** Query string merged with the body (body wins), for endpoints that accept either. */
export function params(req: FakeRequest): Fields {
  return { ...formToFields(req.query), ...req.body };
}

// ---------------------------------------------------------------------------
// Typed field access for untrusted input
// ---------------------------------------------------------------------------

export function str(fields: Fields, key: string): string | undefined {
  const value = fields[key];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}

export function num(fields: Fields, key: string): number | undefined {
  const value = fields[key];
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

export function bool(fields: Fields, key: string): boolean | undefined {
  const value = fields[key];
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return ["1", "true", "on", "yes"].includes(value.toLowerCase());
  return undefined;
}

export function strList(fields: Fields, key: string): string[] {
  const value = fields[key];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  const single = str(fields, key);
  return single === undefined ? [] : [single];
}

export function record(fields: Fields, key: string): Fields | undefined {
  const value = fields[key];
  return isRecord(value) ? value : undefined;
}

/** Drops undefined values, so partial inputs work with exactOptionalPropertyTypes. */
export function compact<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/**
 * Appends query parameters to a URL, keeping any it already has. Commas and
 * colons stay readable (`scope=read,activity:read_all`), as providers send them.
 */
export function appendQuery(url: string, values: Record<string, string | undefined>): string {
  const target = new URL(url);
  const extra = Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%2C/g, ",").replace(/%3A/g, ":")}`,
    )
    .join("&");
  if (extra !== "") target.search = target.search ? `${target.search}&${extra}` : `?${extra}`;
  return target.toString();
}

export function isHttpUrl(value: string | undefined): value is string {
  if (value === undefined) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------
// Auth headers
// ---------------------------------------------------------------------------

export function bearerToken(req: FakeRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1];
}

export function basicCredentials(req: FakeRequest): { username: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return {
    username: decodeURIComponent(decoded.slice(0, colon)),
    password: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

// ---------------------------------------------------------------------------
// Ids and crypto
// ---------------------------------------------------------------------------

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomAlnum(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

export function randomHex(bytes = 20): string {
  return randomBytes(bytes).toString("hex");
}

export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

export function sha256Base64Url(data: string): string {
  return createHash("sha256").update(data).digest("base64url");
}

export function sha256Hex(data: string): string {
  return createHash("sha256").update(data).digest("hex");
}

export function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

export function epochSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

// ---------------------------------------------------------------------------
// HTML
// ---------------------------------------------------------------------------

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Hidden inputs carrying values through a GET form. */
export function hiddenInputs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
}

const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f5f5f5;color:#242428}
.card{max-width:480px;margin:48px auto;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);overflow:hidden}
.card-body{padding:24px}
h1{font-size:20px;margin:0 0 12px}
button{font:inherit;cursor:pointer}
.muted{color:#6d6d78;font-size:14px}
`;

export function page(title: string, content: string, style = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${BASE_STYLE}${style}</style>
</head>
<body>
${content}
</body>
</html>`;
}

export function errorPage(status: number, title: string, message: string): Reply {
  return html(
    status,
    page(
      title,
      `<div class="card"><div class="card-body"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div></div>`,
    ),
  );
}

const AVATAR_COLORS = ["#fc4c02", "#1a73e8", "#188038", "#a142f4", "#e37400", "#d93025", "#12b5cb"];

/** A small SVG avatar with initials, so the app never needs an external image host. */
export function avatarSvg(seed: string, initials: string): Reply {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const color = AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? "#fc4c02";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="124" height="124" viewBox="0 0 124 124"><rect width="124" height="124" fill="${color}"/><text x="62" y="62" dy=".35em" text-anchor="middle" font-family="Arial,sans-serif" font-size="52" fill="#fff">${escapeHtml(initials.slice(0, 2).toUpperCase())}</text></svg>`;
  return reply(200, svg, "image/svg+xml", { "cache-control": "public, max-age=3600" });
}

// ---------------------------------------------------------------------------
// Outgoing callbacks (webhooks)
// ---------------------------------------------------------------------------

export interface CallbackResult {
  status: number;
  body: unknown;
  ms: number;
  error?: string;
}

/** POSTs a JSON body to the app and reports its answer; network errors become status 0. */
export async function postToApp(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<CallbackResult> {
  return callApp(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
}

export async function callApp(url: string, init: RequestInit): Promise<CallbackResult> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === "" ? "" : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 0, body: null, ms: Math.round(performance.now() - started), error: String(error) };
  }
}

// ---------------------------------------------------------------------------
// Routing
// ---------------------------------------------------------------------------

export type Method = "GET" | "POST" | "PUT" | "DELETE";

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<P extends string> = { readonly [K in ParamNames<P>]: string };
export type Handler<P extends string> = (req: FakeRequest, params: RouteParams<P>) => Reply | Promise<Reply>;

type AnyHandler = (req: FakeRequest, params: Readonly<Record<string, string>>) => Reply | Promise<Reply>;

interface Route {
  method: Method;
  pattern: string;
  regex: RegExp;
  keys: string[];
  handler: AnyHandler;
}

export type RouteMatch =
  | { kind: "found"; route: Route; params: Readonly<Record<string, string>> }
  | { kind: "method-not-allowed" }
  | { kind: "not-found" };

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Minimal path router: `/things/:id` patterns with typed params. */
export class Router {
  private readonly routes: Route[] = [];

  on<P extends string>(method: Method, pattern: P, handler: Handler<P>): this {
    const keys: string[] = [];
    const source = pattern
      .split("/")
      .map((segment) => {
        if (!segment.startsWith(":")) return escapeRegex(segment);
        keys.push(segment.slice(1));
        return "([^/]+)";
      })
      .join("/");
    this.routes.push({
      method,
      pattern,
      keys,
      regex: new RegExp(`^${source}/?$`),
      handler: handler as unknown as AnyHandler,
    });
    return this;
  }

  get<P extends string>(pattern: P, handler: Handler<P>): this {
    return this.on("GET", pattern, handler);
  }

  post<P extends string>(pattern: P, handler: Handler<P>): this {
    return this.on("POST", pattern, handler);
  }

  put<P extends string>(pattern: P, handler: Handler<P>): this {
    return this.on("PUT", pattern, handler);
  }

  delete<P extends string>(pattern: P, handler: Handler<P>): this {
    return this.on("DELETE", pattern, handler);
  }

  match(method: string, path: string): RouteMatch {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method && !(route.method === "GET" && method === "HEAD")) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, index) => {
        params[key] = decodeURIComponent(found[index + 1] ?? "");
      });
      return { kind: "found", route, params };
    }
    return pathMatched ? { kind: "method-not-allowed" } : { kind: "not-found" };
  }
}

/** A provider fake: its state, its routes, and how to forget everything. */
export interface Provider<S> {
  readonly state: S;
  register(router: Router): void;
  reset(): void;
}
