import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { checkResetToken, resetPassword } from "~/modules/auth/auth.server";
import { resetPasswordSchema } from "~/modules/auth/schema";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(() => checkResetToken(context.app, new URL(request.url).searchParams.get("token")));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () =>
    resetPassword(context.app, parseInput(resetPasswordSchema, await readJson(request))),
  );
}
