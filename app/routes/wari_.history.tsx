import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { WariHistory } from "~/modules/wari/components/results";
import { memberWariHistory } from "~/modules/wari/results.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Wari history · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return { editions: await memberWariHistory(context.app, user.id) };
}

/** /wari/history: every edition with the member's registration, plan adherence, result and the club's finishers. */
export default function WariHistoryRoute() {
  const { editions } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Link to="/wari" className="text-sm font-medium text-brand hover:underline">
        ← Wari
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">Your Wari history</h1>
      <WariHistory editions={editions} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
