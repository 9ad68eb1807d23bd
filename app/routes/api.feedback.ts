import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput } from "~/lib/http.server";
import { submitFeedback } from "~/modules/feedback/feedback.server";
import { feedbackSchema } from "~/modules/feedback/schema";
import { readSubmission } from "~/modules/feedback/submission.server";

export const loader = () => jsonError(405, "Method not allowed");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { fields, screenshot } = await readSubmission(request);
    const feedback = await submitFeedback(context.app, user, parseInput(feedbackSchema, fields), screenshot);
    return Response.json({ message: "Feedback submitted", feedback }, { status: 201 });
  });
}
