import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler } from "~/lib/http.server";
import { publicUser, verifyEmail } from "~/modules/auth/auth.server";
import { MSG } from "~/modules/auth/schema";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await verifyEmail(context.app, new URL(request.url).searchParams.get("token"));
    return { message: MSG.verifyDone, user: publicUser(user) };
  });
}
