import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { createUserSession } from "~/lib/session.server";
import { loginWithPassword, publicUser } from "~/modules/auth/auth.server";
import { loginSchema } from "~/modules/auth/schema";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const input = parseInput(loginSchema, await readJson(request));
    const user = await loginWithPassword(context.app, request, input);
    const cookie = await createUserSession(context.app, request, user);
    return Response.json(publicUser(user), { headers: { "Set-Cookie": cookie } });
  });
}
