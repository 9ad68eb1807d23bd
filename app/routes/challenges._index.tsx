import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { AppError, readForm, redirect } from "~/lib/http.server";
import { setToastCookie } from "~/lib/toast.server";
import { joinChallenge, listChallenges, myParticipations } from "~/modules/challenges/challenges.server";
import {
  ActiveBadge,
  JoinFeedback,
  ProgressBar,
  SPORT_LABELS,
} from "~/modules/challenges/components/challenge-ui";
import { joinFromForm } from "~/modules/challenges/join-action.server";
import { km1, timeRemaining } from "~/modules/challenges/rules";
import { PoweredByStrava } from "~/ui/strava-brand";

export const meta: MetaFunction = () => [{ title: "Challenges · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  const url = new URL(request.url);
  const joinId = Number(url.searchParams.get("join"));
  // ?join={id}: join that challenge if it exists, then clear the query.
  if (url.searchParams.has("join")) {
    let toast;
    try {
      if (!Number.isSafeInteger(joinId) || joinId <= 0) throw new AppError(404, "Challenge not found");
      await joinChallenge(context.app, user, joinId);
      toast = {
        title: "You've joined the challenge!",
        description: "You have joined the challenge",
        variant: "success" as const,
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.extra.code === "strava_required") throw redirect("/challenges?strava=required");
      toast = {
        title: "Failed to join challenge. Please try again.",
        description: error.message,
        variant: "destructive" as const,
      };
    }
    throw redirect("/challenges", { headers: { "Set-Cookie": await setToastCookie(context.app, toast) } });
  }
  const [challenges, participations] = await Promise.all([
    listChallenges(context.app),
    myParticipations(context.app, user),
  ]);
  const mine = Object.fromEntries(
    participations.map((p) => [p.challengeId, { progress: p.progress, percent: p.percent }]),
  );
  return { challenges, mine, stravaRequired: url.searchParams.get("strava") === "required" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  return joinFromForm(context.app, request, Number(form.get("challengeId")));
}

export default function Challenges() {
  const { challenges, mine, stravaRequired } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const joiningId =
    navigation.state === "submitting" ? Number(navigation.formData?.get("challengeId")) : null;
  const now = new Date();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <JoinFeedback failureText={{ title: "Failed to join challenge. Please try again." }} />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Challenges</h1>
        <p className="mt-1 text-gray-600">
          Join a challenge and your synced Strava activities count towards it automatically.
        </p>
      </div>
      {stravaRequired ? (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <strong>Strava Connection Required.</strong> Connect your Strava account to join challenges.{" "}
          <Link to="/profile/strava" className="font-semibold underline">
            Connect Strava
          </Link>
        </div>
      ) : null}
      {challenges.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
          No challenges yet. Check back soon!
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {challenges.map((c) => {
            const participation = mine[c.id];
            return (
              <li
                key={c.id}
                className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
                data-testid="challenge-card"
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold text-gray-900">{c.title}</h2>
                  <ActiveBadge active={c.isActive} />
                </div>
                <p className="mt-2 line-clamp-3 text-sm text-gray-600">{c.description}</p>
                <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
                  <dt className="text-gray-500">Target Distance</dt>
                  <dd className="text-right font-medium">
                    {c.targetDistance ? `${km1(c.targetDistance)} km` : "No distance target"}
                  </dd>
                  <dt className="text-gray-500">Sport</dt>
                  <dd className="text-right font-medium">{SPORT_LABELS[c.sportType] ?? c.sportType}</dd>
                  <dt className="text-gray-500">Time Remaining</dt>
                  <dd className="text-right font-medium">{timeRemaining(c.endDate, now)}</dd>
                  <dt className="text-gray-500">Participants</dt>
                  <dd className="text-right font-medium">{c.participantCount}</dd>
                </dl>
                <div className="mt-auto pt-5">
                  {participation ? (
                    <div className="space-y-2">
                      <div className="flex justify-between text-sm">
                        <span>{km1(participation.progress)} km</span>
                        <span className="font-semibold">{participation.percent}%</span>
                      </div>
                      <ProgressBar percent={participation.percent} label={`Progress in ${c.title}`} />
                      <Link
                        to={`/challenges/${c.id}`}
                        className="mt-2 inline-block font-semibold text-brand-700 hover:underline"
                      >
                        View Details
                      </Link>
                    </div>
                  ) : (
                    <div className="flex items-center justify-between gap-3">
                      <Link
                        to={`/challenges/${c.id}`}
                        className="text-sm font-medium text-brand-700 hover:underline"
                      >
                        View Details
                      </Link>
                      {c.isActive && new Date(c.endDate) > now ? (
                        <Form method="post">
                          <input type="hidden" name="challengeId" value={c.id} />
                          <button
                            type="submit"
                            disabled={joiningId === c.id}
                            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
                          >
                            {joiningId === c.id ? "Joining..." : "Join Challenge"}
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PoweredByStrava />
    </main>
  );
}
