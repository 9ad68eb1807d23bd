import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { listEventHistory } from "~/modules/wari/event.server";

/** The member's event history entries (a list, newest year first). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    listEventHistory(context.app, (await requireVerifiedUser(context.app, request)).id),
  );
}
