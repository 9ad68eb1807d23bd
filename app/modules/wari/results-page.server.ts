/**
 * The admin's results page /admin/wari/{year} (decision 045): the finisher
 * list with its audit, and the confirm / correct form (conform + zod), which
 * calls the same `reviewResult` as the JSON API.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { editionResults, resultAudit, reviewResult } from "./results.server";
import { reviewSchema } from "./results-schema";

export async function adminResultsPage(app: AppContext, year: number) {
  const [results, audit] = await Promise.all([editionResults(app, year), resultAudit(app, year)]);
  return { ...results, audit };
}

export async function adminResultsAction(app: AppContext, admin: User, year: number, form: FormData) {
  const parsed = parseWithZod(form, { schema: reviewSchema });
  const userId = String(form.get("userId") ?? "");
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0] ?? "Check the form";
    return data({ userId, message: first, result: parsed.reply() }, { status: 400 });
  }
  let message: string;
  try {
    message = (await reviewResult(app, admin, year, parsed.value)).message;
  } catch (error) {
    const reply = replyFromError(error, "Failed to save the result", { context: "wari: review result" });
    return data({ userId, message: reply.message, result: parsed.reply() }, { status: reply.status });
  }
  throw await redirectWithToast(app, `/admin/wari/${year}`, { title: message, variant: "success" });
}
