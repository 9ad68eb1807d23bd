import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { ChallengesGrid } from "~/modules/challenges/components/challenges-grid";
import { challengesPage, joinAction } from "~/modules/challenges/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Challenges · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return challengesPage(context.app, user, new URL(request.url));
}

/** A card's Join button (challengeId in the form). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return joinAction(context.app, user, await readForm(request));
}

export default function ChallengesRoute() {
  return <ChallengesGrid data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
