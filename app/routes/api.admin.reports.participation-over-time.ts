import { parseInput } from "~/lib/http.server";
import { reportLoader } from "~/modules/admin/report-route.server";
import { participationOverTime } from "~/modules/admin/reports.server";
import { participationQuerySchema } from "~/modules/admin/schema";

/** GET /api/admin/reports/participation-over-time?weeks=26: members, active members, challenge joins and event registrations per week. */
export const loader = reportLoader((app, url) =>
  participationOverTime(
    app,
    parseInput(participationQuerySchema, Object.fromEntries(url.searchParams)).weeks,
  ),
);
