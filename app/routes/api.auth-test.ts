import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireTestPages } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getCurrentUser } from "~/lib/session.server";
import { publicUser } from "~/modules/auth/auth.server";

/** Session test: what the server sees for this cookie. Off unless ENABLE_TEST_PAGES. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    requireTestPages(context.app);
    const current = await getCurrentUser(context.app, request);
    return {
      authenticated: Boolean(current),
      user: current ? publicUser(current.user) : null,
      sessionId: current ? "present" : null,
    };
  });
}
