import { reportLoader } from "~/modules/admin/report-route.server";
import { activityTrends } from "~/modules/admin/reports.server";

export const loader = reportLoader(activityTrends);
