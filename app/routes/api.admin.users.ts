import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { createUserSchema, userListQuerySchema } from "~/modules/admin/schema";
import { createUserByAdmin, listUsers } from "~/modules/admin/users.server";

/** The list, one page at a time (`?page=&limit=&search=`; 10 by default), with X-Total-Count / X-Page / X-Total-Pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const query = parseInput(userListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const page = await listUsers(context.app, query);
    return Response.json(page.users, {
      headers: {
        "X-Total-Count": String(page.total),
        "X-Page": String(page.page),
        "X-Total-Pages": String(page.totalPages),
      },
    });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const user = await createUserByAdmin(context.app, parseInput(createUserSchema, await readJson(request)));
    return Response.json(user, { status: 201 });
  });
}
