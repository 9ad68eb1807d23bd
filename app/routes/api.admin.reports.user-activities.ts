import { reportLoader } from "~/modules/admin/report-route.server";
import { userActivitiesReport } from "~/modules/admin/reports.server";

export const loader = reportLoader(userActivitiesReport);
