import { userActiveAlias } from "~/modules/admin/flag-route.server";

export const action = userActiveAlias(true);
