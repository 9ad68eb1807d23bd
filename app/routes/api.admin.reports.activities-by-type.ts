import { reportLoader } from "~/modules/admin/report-route.server";
import { activitiesByType } from "~/modules/admin/reports.server";

export const loader = reportLoader(activitiesByType);
