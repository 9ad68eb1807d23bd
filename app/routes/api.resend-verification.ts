import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { resendVerification } from "~/modules/auth/auth.server";
import { MSG } from "~/modules/auth/schema";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    await resendVerification(context.app, user);
    return { message: MSG.verificationSent };
  });
}
