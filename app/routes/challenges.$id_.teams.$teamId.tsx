import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { formatGoalAmount, formatGoalProgress } from "~/lib/format";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam, orNotFound } from "~/lib/http.server";
import { teamMembers } from "~/modules/challenges/challenges.server";
import { ProgressBar } from "~/modules/challenges/components/challenge-ui";
import { cardClass } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.team.name ?? "Team"} · ${data?.challenge.title ?? "Challenge"} · CycleWari Community` },
];

/** A team's page (issue #39 item 2): its members' progress; names and progress only (decision 020). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireVerifiedUser(context.app, request);
  return orNotFound(
    teamMembers(context.app, idParam(params.id, "Challenge"), idParam(params.teamId, "Team")),
  );
}

export default function TeamPage() {
  const { challenge, team, members } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Link to={`/challenges/${challenge.id}`} className="text-sm font-medium text-brand hover:underline">
        ← {challenge.title}
      </Link>
      <header>
        <h1 className="text-2xl font-bold text-gray-900">{team.name}</h1>
        <p className="mt-1 text-gray-600" data-testid="team-summary">
          {team.members === 1 ? "1 member" : `${team.members} members`} ·{" "}
          {formatGoalAmount(challenge.measure, team.total)} together
        </p>
      </header>
      {members.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
          Nobody is on this team yet
        </p>
      ) : (
        <ol className={cardClass({ padding: "none", className: "divide-y divide-gray-100" })}>
          {members.map((m) => (
            <li key={m.userId} data-testid="team-member" className="space-y-1 px-4 py-3">
              <div className="flex justify-between gap-3 text-sm">
                <span className="truncate font-semibold text-gray-900">{m.username}</span>
                <span className="shrink-0 tabular-nums text-gray-700">
                  {formatGoalProgress(challenge.measure, m.progress, challenge.target)}
                </span>
              </div>
              <ProgressBar percent={m.percent} label={`${m.username}'s progress`} />
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
