import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";

/** Liveness for `npm start` and the tests: the Worker answers and D1 is reachable. */
export async function loader({ context }: LoaderFunctionArgs) {
  await context.app.db.run(sql`select 1`);
  return Response.json({ ok: true });
}
