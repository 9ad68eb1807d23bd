import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Page not found · CycleWari Community" }];

// Any path no other route matches: the not-found page with status 404.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
