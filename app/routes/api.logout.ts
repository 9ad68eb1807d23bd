import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler } from "~/lib/http.server";
import { destroyUserSession } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const cookie = await destroyUserSession(context.app, request);
    return Response.json({ message: "Logged out successfully" }, { headers: { "Set-Cookie": cookie } });
  });
}
