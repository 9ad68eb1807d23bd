import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { getFeedbackForAdmin, respondToFeedback } from "~/modules/feedback/feedback.server";
import { responseSchema } from "~/modules/feedback/schema";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return getFeedbackForAdmin(context.app, idParam(params.id, "Feedback"));
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const id = idParam(params.id, "Feedback");
    const feedback = await respondToFeedback(
      context.app,
      id,
      parseInput(responseSchema, await readJson(request)),
    );
    return { message: "Feedback updated", feedback };
  });
}
