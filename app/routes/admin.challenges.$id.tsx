import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireAdmin } from "~/lib/guards.server";
import { idParam, readForm } from "~/lib/http.server";
import { adminChallengeAction, adminChallengePage } from "~/modules/admin/page.server";
import { ActiveBadge, ProgressBar } from "~/modules/challenges/components/challenge-ui";
import { WhyList } from "~/modules/challenges/components/team-board";
import { GOAL_FORM, km1, targetToForm } from "~/modules/challenges/rules";
import { formatGoalAmount, formatGoalProgress, formatInt, formatPercent, plural } from "~/lib/format";
import { Pagination } from "~/ui/pagination";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { useDates } from "~/lib/time-zone";
import { useToast } from "~/ui/toast";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Modal } from "~/ui/modal";

export const meta: MetaFunction = () => [{ title: "Challenge progress · Admin · CycleWari Community" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminChallengePage(context.app, admin, {
    id: idParam(params.id, "Challenge"),
    url: new URL(request.url),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  const id = idParam(params.id, "Challenge");
  return adminChallengeAction(context.app, admin, { id, form: await readForm(request) });
}

export default function AdminChallengeProgress() {
  const dates = useDates();
  const { challenge, entries, audit, query, total, pages, why, teams } = useLoaderData<typeof loader>();
  // Corrections are typed in the goal's form unit: km for distance, hours for time (decision 043).
  const unit = GOAL_FORM[challenge.measure]?.unit ?? "km";
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return `/admin/challenges/${challenge.id}${search ? `?${search}` : ""}`;
  };
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const posting = navigation.state === "submitting" ? navigation.formData : undefined;
  const postedIntent = posting?.get("intent");
  const busy = posting
    ? postedIntent === "recalculate" || postedIntent === "balance-teams"
      ? postedIntent
      : String(posting.get("userId"))
    : null;
  useEffect(() => {
    if (!result) return;
    toast(
      result.ok
        ? { title: result.message, variant: "success" }
        : {
            title:
              result.intent === "recalculate"
                ? "Failed to recalculate progress"
                : result.intent === "balance-teams"
                  ? "Failed to balance teams"
                  : "Failed to update progress",
            description: result.message,
            variant: "destructive",
          },
    );
  }, [result, toast]);
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link to={`/challenges/${challenge.id}`} className="text-sm font-medium text-brand hover:underline">
        ← Challenge page
      </Link>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-gray-900">{challenge.title}: progress</h1>
          <ActiveBadge active={challenge.isActive} />
        </div>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="recalculate"
            disabled={busy !== null}
            className="rounded-md bg-gray-900 px-4 py-2 font-semibold text-white hover:bg-gray-800 disabled:opacity-60"
          >
            {busy === "recalculate" ? "Recalculating..." : "Recalculate progress for all"}
          </button>
        </Form>
      </header>
      {teams.length ? (
        <TeamsCard teams={teams} busy={busy === "balance-teams"} disabled={busy !== null} />
      ) : null}
      <p className="text-sm text-gray-600">
        A correction replaces the computed progress for that participant until the next recalculation, which
        recomputes everyone from their activities.
      </p>
      <Form method="get" role="search" className="flex w-full max-w-md gap-2">
        <label htmlFor="participant-search" className="sr-only">
          Search participants by username
        </label>
        <input
          id="participant-search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Search participants by username"
          className="w-full rounded-md border border-gray-300 px-3 py-2"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
          No participants found
        </p>
      ) : (
        <Card padding="none" className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="px-4 py-2 text-left text-sm text-gray-600">
              {`${plural(total, "participant")} · page ${query.page} of ${formatInt(pages)}`}
            </caption>
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th className="px-4 py-2">#</th>
                <th className="px-4 py-2">Participant</th>
                <th className="px-4 py-2">Progress</th>
                <th className="px-4 py-2">Set progress ({unit})</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.userId} className="border-t border-gray-100" data-testid="progress-row">
                  <td className="px-4 py-2 text-gray-500">{e.rank}</td>
                  <td className="px-4 py-2">
                    <Link to={`/admin/users/${e.userId}`} className="font-medium text-brand hover:underline">
                      {e.username}
                    </Link>
                    <Link
                      to={`?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), why: String(e.userId) })}#why-heading`}
                      preventScrollReset
                      className="ml-2 text-xs text-gray-600 underline hover:text-gray-900"
                    >
                      Why<span className="sr-only"> {e.username}&apos;s activities counted</span>
                    </Link>
                  </td>
                  <td className="w-48 px-4 py-2">
                    <div className="mb-1 text-xs text-gray-600">
                      {formatGoalProgress(challenge.measure, e.progress, challenge.target)} ·{" "}
                      {formatPercent(e.percent)}
                    </div>
                    <ProgressBar percent={e.percent} label={`${e.username}'s progress`} />
                  </td>
                  <td className="px-4 py-2">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="progress" />
                      <input type="hidden" name="userId" value={e.userId} />
                      <label className="sr-only" htmlFor={`progress-${e.userId}`}>
                        Progress for {e.username} in {unit}
                      </label>
                      <input
                        id={`progress-${e.userId}`}
                        name="progress"
                        type="number"
                        min={0}
                        step={0.1}
                        required
                        defaultValue={
                          challenge.measure === "distance"
                            ? km1(e.progress)
                            : targetToForm(challenge.measure, e.progress)
                        }
                        className="w-28 rounded-md border border-gray-300 px-2 py-1"
                      />
                      <Button
                        type="submit"
                        disabled={busy !== null}
                        size="none"
                        className="px-3 py-1 font-semibold disabled:opacity-60"
                      >
                        {busy === String(e.userId) ? "Saving..." : "Save"}
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={hrefFor} label="Participant pages" />
      {why ? (
        <WhyList
          why={why}
          heading={`Why it counted for ${entries.find((e) => e.userId === why.userId)?.username ?? `member #${why.userId}`}`}
        />
      ) : null}
      {audit.length ? (
        <section aria-labelledby="audit-heading">
          <h2 id="audit-heading" className="font-semibold text-gray-900">
            Recent corrections
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-gray-700">
            {audit.map((a) => (
              <li key={a.id}>
                {dates.dateTime(a.createdAt)}: user #{a.userId}{" "}
                {formatGoalAmount(challenge.measure, a.oldProgress)} →{" "}
                {formatGoalAmount(challenge.measure, a.newProgress)} (admin #{a.adminId})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

/** The teams' sizes and "Balance teams", which asks first: it moves every participant, team pickers too. */
function TeamsCard({
  teams,
  busy,
  disabled,
}: {
  teams: { id: number; name: string; members: number }[];
  busy: boolean;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="space-y-3" data-testid="admin-teams">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="font-semibold text-gray-900">Teams</h2>
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => setConfirming(true)}>
          {busy ? "Balancing..." : "Balance teams"}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2 text-sm text-gray-700">
        {teams.map((t) => (
          <li key={t.id} className="rounded-full bg-gray-100 px-3 py-1">
            {t.name} · {plural(t.members, "member")}
          </li>
        ))}
      </ul>
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Balance teams?">
        <p className="text-sm text-gray-700">
          Every participant is put on a team by their volume of the last 8 weeks in this challenge&apos;s
          sports, so that the teams&apos; totals are close. Members who picked a team may move to another.
        </p>
        <Form method="post" className="mt-5 flex justify-end gap-2" onSubmit={() => setConfirming(false)}>
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="submit" name="intent" value="balance-teams">
            Balance teams
          </Button>
        </Form>
      </Modal>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
