import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return { username: user.username, stravaConnected: Boolean(user.stravaId) };
}

// The per-sport statistics, timeline and cards arrive with the dashboard issue.
export default function Dashboard() {
  const { username, stravaConnected } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
        <p className="mt-1 text-gray-600">Welcome, {username}.</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/wari" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Wari 2025 Challenge
        </Link>
        <Link to="/profile/strava" className="rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50">
          {stravaConnected ? "Connected to Strava" : "Connect with Strava"}
        </Link>
      </div>
    </main>
  );
}
