import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam, readForm } from "~/lib/http.server";
import { ChallengeDetail, ChallengeNotFound } from "~/modules/challenges/components/challenge-detail";
import { challengeDetailPage, joinAction } from "~/modules/challenges/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.challenge.title ?? "Challenge"} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return challengeDetailPage(context.app, user, idParam(params.id, "Challenge"), new URL(request.url));
}

/** The Join Challenge button. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return joinAction(context.app, user, await readForm(request), idParam(params.id, "Challenge"));
}

export default function ChallengeDetailRoute() {
  return <ChallengeDetail data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ChallengeNotFound /> }} />;
}
