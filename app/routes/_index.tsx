import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getOptionalUser, isConfined } from "~/lib/guards.server";
import type { HydrateHandle } from "~/ui/hydrate";
import { Dashboard } from "~/modules/dashboard/components/dashboard";
import { loadDashboard } from "~/modules/dashboard/page.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.meta ?? [];
  return data?.view === "dashboard"
    ? [...root.filter((m) => !("title" in m)), { title: "Dashboard · CycleWari Community" }]
    : root;
};

/** The visitors' landing page is plain HTML with no React (issue #17, decision 028); the dashboard hydrates. */
export const handle: HydrateHandle = {
  hydrate: (data) => (data as { view?: string } | undefined)?.view === "dashboard",
};

/** `/`: the landing page for visitors, the dashboard for a signed-in member (spec part 1 §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context.app, request);
  if (user && !isConfined(user))
    return {
      view: "dashboard" as const,
      dashboard: await loadDashboard(context.app, user, new URL(request.url)),
    };
  return { view: "landing" as const, signedIn: Boolean(user) };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  return data.view === "dashboard" ? (
    <Dashboard data={data.dashboard} home />
  ) : (
    <Landing signedIn={data.signedIn} />
  );
}

const features = [
  {
    title: "Track Activities",
    body: "Sync your rides, runs, swims, walks and hikes from Strava and see your statistics and achievements by sport.",
    icon: "M3 17l6-6 4 4 8-8",
    to: null,
  },
  {
    title: "Join Challenges",
    body: "Take part in monthly distance challenges with the community and climb the leaderboard.",
    icon: "M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0V4z",
    to: null,
  },
  {
    title: "Attend Events",
    body: "Register for community rides and events, pay securely, and train for the annual 250 km Wari.",
    icon: "M8 7V3M16 7V3M4 11h16M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z",
    // The whole card opens the events list (its title is the link; the card stretches it).
    to: "/events",
  },
];

function Landing({ signedIn }: { signedIn: boolean }) {
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-tint to-gray-50">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
            Ride, run and grow together
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600">
            Sync your activities from Strava, join monthly challenges and register for community events, all
            in one place.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {signedIn ? (
              <>
                <Button to="/dashboard" size="lg">
                  My Dashboard
                </Button>
                <Link
                  to="/challenges"
                  className="rounded-md border border-gray-300 bg-white px-6 py-3 font-semibold text-gray-900 hover:bg-gray-50"
                >
                  View Challenges
                </Link>
              </>
            ) : (
              <>
                <Button to="/auth" size="lg">
                  Login
                </Button>
                <Link
                  to="/auth?tab=register"
                  className="rounded-md border border-gray-300 bg-white px-6 py-3 font-semibold text-gray-900 hover:bg-gray-50"
                >
                  Register
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section aria-label="Features" className="mx-auto grid max-w-5xl gap-6 px-4 py-12 md:grid-cols-3">
        {features.map((feature) => (
          <Card
            key={feature.title}
            as="article"
            className={feature.to ? "relative transition hover:border-brand-line hover:shadow-md" : undefined}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-8 w-8 text-brand"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d={feature.icon} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 className="mt-4 text-lg font-semibold text-gray-900">
              {feature.to ? (
                <Link
                  to={feature.to}
                  className="after:absolute after:inset-0 after:rounded-xl hover:text-brand-strong focus:outline-none focus-visible:underline"
                >
                  {feature.title} <span aria-hidden="true">→</span>
                </Link>
              ) : (
                feature.title
              )}
            </h2>
            <p className="mt-2 text-gray-600">{feature.body}</p>
          </Card>
        ))}
      </section>
      <p className="pb-12 text-center text-sm text-gray-600">
        New here?{" "}
        <Link to="/user-guide" className="font-medium text-brand hover:underline">
          Read the user guide
        </Link>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
