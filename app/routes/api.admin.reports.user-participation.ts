import { reportLoader } from "~/modules/admin/report-route.server";
import { userParticipation } from "~/modules/admin/reports.server";

export const loader = reportLoader(userParticipation);
