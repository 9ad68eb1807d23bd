/**
 * What every /admin action intent shares: the form is parsed by the area's zod
 * union, a failure goes through `replyFromError`, and the answer is data for a
 * fetcher (toggles, dialogs) or, for a plain form post without JavaScript, a
 * redirect back to the tab with the toast.
 */
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, parseInput, replyFromError, type ErrorReply } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export interface AdminActionResult {
  ok: boolean;
  intent: string;
  title: string;
  message: string;
  /** Delete refusals carry the counts. */
  summary?: { activities: number; challenges: number; events: number };
  errors?: Record<string, string[]>;
}

/** The posted form and the address it was posted to (a plain post is sent back there). */
export interface AdminFormInput {
  form: FormData;
  url: string;
}

/** The toast of a successful intent. */
export interface Done {
  title: string;
  message: string;
}

/** Part 2 §8: admin calls show the server's message, or 'Request failed with status {code}'. */
export const requestFailed = (status: number) => `Request failed with status ${status}`;

/** An unknown or missing `intent` (400). */
export const UNKNOWN_ACTION = "Unknown action";
const NOT_FOUND = "Not found";

/** A form field naming a record: a positive whole number, else the intent fails as 404 'Not found' (like `idParam`). */
export const recordId = z.coerce
  .number({ invalid_type_error: NOT_FOUND })
  .int(NOT_FOUND)
  .positive(NOT_FOUND)
  .safe(NOT_FOUND);

/** A switch's new value: the string "true" is on, anything else off. */
export const switchValue = z
  .string()
  .optional()
  .transform((v) => v === "true");

/** One `intent` of an area, or 400 'Unknown action'. */
export const unknownAction = { errorMap: () => ({ message: UNKNOWN_ACTION }) };

/**
 * The form parsed by an area's `discriminatedUnion("intent", …)`: a bad record
 * id is a 404 'Not found', any other failure a 400 with the schema's message
 * and field errors (thrown as AppErrors, answered like a failed call).
 */
export function parseIntent<S extends z.ZodTypeAny>(schema: S, form: FormData): z.infer<S> {
  const input = Object.fromEntries(form);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (result.error.issues.some((issue) => issue.message === NOT_FOUND)) throw new AppError(404, NOT_FOUND);
  return parseInput(schema, input);
}

/** An area of the /admin action: its intents, what each does, and how each words a failure. */
export interface AdminActionArea<I extends { intent: string }> {
  schema: z.ZodType<I, z.ZodTypeDef, unknown>;
  run(app: AppContext, admin: User, input: I): Promise<Done>;
  /** The failure toast of each intent, from the server's message (or the fallback). */
  failure: Record<I["intent"], (reply: ErrorReply) => Done>;
}

/**
 * The area's answer to `intent`, or null when the intent is not one of its
 * own: the form parsed by its union, run, and answered (or its failure worded).
 */
export function answerAreaIntent<I extends { intent: string }>(
  area: AdminActionArea<I>,
  app: AppContext,
  admin: User,
  input: AdminFormInput,
  intent: string,
) {
  const owns = (name: string): name is I["intent"] => Object.hasOwn(area.failure, name);
  if (!owns(intent)) return null;
  const run = async () => area.run(app, admin, parseIntent(area.schema, input.form));
  return answerIntent(app, input, intent, run, area.failure[intent]);
}

/** Runs `run` and answers its toast, or the failure worded by `failure`; unexpected errors become 'Request failed with status 500'. */
export async function answerIntent(
  app: AppContext,
  input: AdminFormInput,
  intent: string,
  run: () => Promise<Done>,
  failure: (reply: ErrorReply) => Done,
) {
  try {
    return await answer(app, input, { ok: true, intent, ...(await run()) });
  } catch (error) {
    const reply = replyFromError(error, requestFailed(500), { context: `admin ${intent}` });
    const summary = reply.extra.summary as AdminActionResult["summary"];
    const result = { ok: false, intent, ...failure(reply), summary, errors: reply.fieldErrors };
    return answer(app, input, result, reply.status);
  }
}

/** Data for a fetcher (it posts `_fetcher=1`); without JavaScript, back to the tab with the toast. */
export async function answer(
  app: AppContext,
  { form, url }: AdminFormInput,
  result: AdminActionResult,
  status = 200,
) {
  if (form.get("_fetcher") === "1") return data(result, { status });
  const back = new URL(url);
  back.searchParams.delete("index");
  return redirectWithToast(app, `${back.pathname}${back.search}`, {
    title: result.title,
    description: result.message,
    variant: result.ok ? "success" : "destructive",
  });
}
