import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireTestPages } from "~/lib/guards.server";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { createUserSession } from "~/lib/session.server";
import { loginWithPassword, publicUser } from "~/modules/auth/auth.server";
import { loginSchema } from "~/modules/auth/schema";

/** Session test (developer page): signs in like /api/login, answers the user. Off unless ENABLE_TEST_PAGES. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireTestPages(context.app);
    const input = parseInput(loginSchema, await readJson(request));
    const user = await loginWithPassword(context.app, request, input);
    return Response.json(
      { message: "Login successful", user: publicUser(user) },
      { headers: { "Set-Cookie": await createUserSession(context.app, request, user) } },
    );
  });
}
