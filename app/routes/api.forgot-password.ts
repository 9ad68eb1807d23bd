import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { requestPasswordReset } from "~/modules/auth/auth.server";
import { forgotPasswordSchema } from "~/modules/auth/schema";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const { email } = parseInput(forgotPasswordSchema, await readJson(request));
    return requestPasswordReset(context.app, request, email);
  });
}
