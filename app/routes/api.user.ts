import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { publicUser } from "~/modules/auth/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => publicUser(await requireUser(context.app, request)));
}
