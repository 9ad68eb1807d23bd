import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, jsonError } from "~/lib/http.server";
import { publicEditions } from "~/modules/wari/editions.server";

export const action = () => jsonError(405, "Method not allowed");

/** Public: every Wari edition (year, name, date, distanceKm, registrationOpen), oldest first. */
export async function loader({ context }: LoaderFunctionArgs) {
  return apiHandler(() => publicEditions(context.app));
}
