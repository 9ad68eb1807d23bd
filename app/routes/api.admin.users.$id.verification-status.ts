import { userFlagAction } from "~/modules/admin/flag-route.server";

export const action = userFlagAction("isVerified");
