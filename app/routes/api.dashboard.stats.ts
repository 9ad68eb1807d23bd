import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler } from "~/lib/http.server";
import { statsForRequest } from "~/modules/activities/stats.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => statsForRequest(context.app, request));
}
