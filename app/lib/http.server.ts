/**
 * One shape for every JSON error: {message, code?, errors?}. Guards throw
 * these Responses from /api routes and redirects from pages.
 */
import { redirect } from "@remix-run/cloudflare";

export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

export function jsonError(
  status: number,
  message: string,
  extra: Omit<ApiErrorBody, "message"> = {},
  headers?: HeadersInit,
): Response {
  return Response.json({ message, ...extra } satisfies ApiErrorBody, { status, headers });
}

/** Throwable from a module function; routes turn it into a JSON error (api) or a form error (pages). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, "message"> = {},
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "AppError";
  }

  toResponse(): Response {
    return jsonError(this.status, this.message, this.extra, this.headers);
  }
}

/** Runs an /api handler and maps AppError (and unparseable bodies) to JSON errors. */
export async function apiHandler(run: () => Promise<Response | object>): Promise<Response> {
  try {
    const result = await run();
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return error.toResponse();
    console.error("api error", error);
    return jsonError(500, "An unexpected error occurred");
  }
}

/** What a page action shows for a failed call: the status, the message and the field errors. */
export interface ErrorReply {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** Everything else the AppError carried (code, summary, …). */
  extra: Omit<ApiErrorBody, "message" | "errors">;
  headers?: HeadersInit;
}

/**
 * The one mapping from a thrown error to what a page action answers. An
 * `AppError` gives its status, message, field errors and headers; a thrown
 * `Response` (a guard's redirect or 404) is re-thrown; anything else is logged
 * under `context` and becomes a 500 with `fallback`. With `hideServerErrors`,
 * AppErrors of status 500+ show `fallback` too.
 */
export function replyFromError(
  error: unknown,
  fallback = "Something went wrong. Please try again.",
  {
    context = "page action",
    hideServerErrors = false,
  }: { context?: string; hideServerErrors?: boolean } = {},
): ErrorReply {
  if (error instanceof Response) throw error;
  if (!(error instanceof AppError)) {
    console.error(`${context} failed`, error);
    return { status: 500, message: fallback, extra: {} };
  }
  const { errors, ...extra } = error.extra;
  return {
    status: error.status,
    message: hideServerErrors && error.status >= 500 ? fallback : error.message,
    fieldErrors: errors as Record<string, string[]> | undefined,
    extra,
    headers: error.headers,
  };
}

/** The AppError's status if `error` is one, else null (lets a caller branch on 404/409 without instanceof). */
export function appErrorStatus(error: unknown): number | null {
  return error instanceof AppError ? error.status : null;
}

/**
 * `value`, or a thrown 404 `{message: "<what> not found"}` Response: JSON for
 * /api, the route's error boundary (its 404 handler) for pages.
 */
export function requireFound<T>(value: T | null | undefined, what = "Record"): T {
  if (value === null || value === undefined) throw jsonError(404, `${what} not found`);
  return value;
}

/**
 * Awaits a module call; its AppError 404 becomes the thrown 404 Response
 * `{message}` that a page's error boundary renders (other errors pass through).
 */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw jsonError(404, error.message);
    throw error;
  }
}

/** The largest JSON body any /api call takes (the biggest real one, an event, is a few KB). */
export const MAX_JSON_BYTES = 64 * 1024;

/** The body as text, refusing (413) past `max` bytes whether or not Content-Length says so. */
export async function readTextCapped(request: Request, max: number): Promise<string> {
  const tooLarge = () => new AppError(413, "Request body is too large");
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Reads a JSON object body (at most MAX_JSON_BYTES, else 413); a missing or malformed body is a 400, never a 500. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await readTextCapped(request, MAX_JSON_BYTES);
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError(400, "Invalid JSON body");
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The form body of a page action. A body that is not a form answers 415, one
 * that cannot be read (broken multipart, bad encoding) 400; both are thrown
 * Responses with `{message}`, which the route's error boundary shows, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type))
    throw jsonError(415, "Please send the form as application/x-www-form-urlencoded or multipart/form-data");
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, "The form could not be read. Please try again.");
  }
}

/**
 * A route param that must be a positive integer id, else a thrown 404
 * Response (no such record): JSON for /api, the not-found page for pages.
 */
export function idParam(value: string | undefined, what = "Record"): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw jsonError(404, `${what} not found`);
  return id;
}

export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

export { redirect };

/** Validates input with a zod schema; a failure is a 400 with the schema's own messages. */
export function parseInput<S extends import("zod").ZodTypeAny>(
  schema: S,
  input: unknown,
): import("zod").infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "form";
    (errors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? "Invalid input";
  throw new AppError(400, first, { errors });
}
