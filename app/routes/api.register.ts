import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { createUserSession } from "~/lib/session.server";
import { publicUser, registerUser } from "~/modules/auth/auth.server";
import { registerSchema } from "~/modules/auth/schema";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const input = parseInput(registerSchema, await readJson(request));
    const user = await registerUser(context.app, request, input);
    const cookie = await createUserSession(context.app, request, user);
    return Response.json(publicUser(user), { status: 201, headers: { "Set-Cookie": cookie } });
  });
}
