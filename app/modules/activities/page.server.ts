/**
 * The /activities page adapter: the route guards and passes the member; the
 * list is the same as GET /api/activities (list.server.ts).
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { appErrorStatus, orNotFound, replyFromError } from "~/lib/http.server";
import { getActivityDetail, listActivities } from "./list.server";
import { activityListQuery, queryOf } from "./schema";

/**
 * The /activities page: the same list as GET /api/activities?page=…, or the
 * 400/403/404 message to show above the filters instead of an error page.
 */
export async function activitiesPage(app: AppContext, viewer: User, url: URL) {
  const filters = queryOf(url);
  const parsed = activityListQuery.safeParse(filters);
  if (!parsed.success)
    return {
      filters,
      result: null,
      error: parsed.error.issues[0]?.message ?? "Invalid filters",
      status: 400,
    };
  try {
    return { filters, result: await listActivities(app, viewer, parsed.data), error: null, status: 200 };
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message } = replyFromError(error);
    return { filters, result: null, error: message, status };
  }
}

/** /activities/{id}: one activity, the owner's or (for an admin) a public one; 404 otherwise. */
export async function activityDetailPage(app: AppContext, viewer: User, id: number) {
  return { activity: await orNotFound(getActivityDetail(app, viewer, id)) };
}
export type ActivityDetailData = Awaited<ReturnType<typeof activityDetailPage>>;
