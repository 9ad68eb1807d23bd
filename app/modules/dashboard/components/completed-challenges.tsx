/** The dashboard's badges for challenges the member completed (issue #20 item 3). */
import { Link } from "@remix-run/react";
import { formatGoalAmount } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { MedalIcon } from "~/modules/challenges/ui";
import { cardClass } from "~/ui/card";
import type { DashboardData } from "../page.server";

export function CompletedChallenges({ challenges }: { challenges: DashboardData["completedChallenges"] }) {
  const dates = useDates();
  if (challenges.length === 0) return null;
  return (
    <section
      aria-labelledby="completed-challenges-heading"
      className={cardClass({ padding: "sm" })}
      data-testid="completed-challenges"
    >
      <h2 id="completed-challenges-heading" className="text-lg font-semibold text-gray-900">
        Challenges completed
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {challenges.map((c) => (
          <li key={c.id}>
            <Link
              to={`/challenges/${c.id}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800 hover:bg-green-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-green-700"
            >
              <MedalIcon />
              {c.title} · Completed ✓
              <span className="font-normal">
                {" "}
                {formatGoalAmount(c.measure, c.progress)}
                {c.completedAt ? ` on ${dates.date(c.completedAt)}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
