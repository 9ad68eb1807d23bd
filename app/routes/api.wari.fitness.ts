import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getFitnessChart } from "~/modules/wari/training-load.server";

/** The member's daily training load, fitness, fatigue and form, with the event day (the /wari chart's data). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    getFitnessChart(context.app, (await requireVerifiedUser(context.app, request)).id),
  );
}
