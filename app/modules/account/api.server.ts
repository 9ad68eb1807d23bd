/** The /api twins of the data-rights page: GET /api/user/export and DELETE /api/user. */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { parseInput, readJson } from "~/lib/http.server";
import { destroyUserSession, sessionAgeSeconds } from "~/lib/session.server";
import { deleteAccount } from "./deletion.server";
import { exportMemberData } from "./export.server";
import { ACCOUNT_MSG, deleteAccountSchema, exportFormatSchema } from "./schema";

/** The ZIP, or with `?format=json` data.json alone. */
export async function exportForApi(app: AppContext, user: User, url: URL): Promise<Response> {
  const format = parseInput(exportFormatSchema, url.searchParams.get("format") ?? undefined);
  return exportMemberData(app, user, format);
}

/**
 * Deletes the account on `{password, cancelPaidPlaces?}` (or a fresh sign-in) and clears the
 * session cookie; 409 `paid_places` with `places` while paid upcoming places are not agreed to be cancelled.
 */
export async function deleteAccountForApi(app: AppContext, user: User, request: Request): Promise<Response> {
  const { password, cancelPaidPlaces } = parseInput(deleteAccountSchema, await readJson(request));
  const result = await deleteAccount(app, user, {
    password,
    cancelPaidPlaces,
    sessionAgeSeconds: await sessionAgeSeconds(app, request),
  });
  return Response.json(
    { message: ACCOUNT_MSG.deleted, detail: ACCOUNT_MSG.deletedDetail, ...result },
    { headers: { "Set-Cookie": await destroyUserSession(app, request) } },
  );
}
