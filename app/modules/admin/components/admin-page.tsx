/** /admin: the admin dashboard with its tabs (spec part 2: Administration). */
import { Link } from "@remix-run/react";
import { STATUS_LABELS, FEEDBACK_STATUSES } from "~/modules/feedback/schema";
import type { AdminPageData } from "../page.server";
import { ADMIN_TABS, TAB_LABELS } from "../tabs";
import { AnalysisTab } from "./analysis-tab";
import { ChallengeFormDialog, ChallengesTab } from "./challenges-tab";
import { CreateEventButton, EventsTab } from "./events-tab";
import { ClubTab } from "./club-tab";
import { HealthTab } from "./health-tab";
import { btnPrimary, LoadFailed, TabBar } from "./shared";
import { SyncTab } from "./sync-tab";
import { UsersTab } from "./users-tab";
import { WariTab } from "./wari-tab";

function FeedbackTab({ counts }: { counts: Record<string, number> | null }) {
  if (counts === null) return <LoadFailed what="feedback" tab="feedback" />;
  return (
    <section aria-label="Feedback" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-4">
        {FEEDBACK_STATUSES.map((s) => (
          <Link
            key={s}
            to={`/admin/feedback?status=${s}`}
            className="rounded-lg border border-gray-200 bg-white p-4 hover:border-brand-line"
          >
            <p className="text-sm text-gray-600">{STATUS_LABELS[s]}</p>
            <p className="mt-1 text-2xl font-semibold text-gray-900">{counts[s]}</p>
          </Link>
        ))}
      </div>
      <Link to="/admin/feedback" className={btnPrimary}>
        Manage feedback
      </Link>
    </section>
  );
}

export function AdminPage({ data }: { data: AdminPageData }) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Admin Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <CreateEventButton />
          <ChallengeFormDialog
            trigger={(open) => (
              <button type="button" className={btnPrimary} onClick={open}>
                Create New Challenge
              </button>
            )}
          />
        </div>
      </div>
      <div className="mt-6">
        <TabBar
          tabs={ADMIN_TABS.map((id) => ({ id, label: TAB_LABELS[id] }))}
          current={data.tab}
          hrefFor={(tab) => `/admin?tab=${tab}`}
          label="Admin sections"
        />
      </div>
      <div className="mt-6">
        {"users" in data && data.users ? <UsersTab data={data.users} adminId={data.adminId} /> : null}
        {"events" in data ? <EventsTab events={data.events ?? null} /> : null}
        {"challenges" in data ? <ChallengesTab challenges={data.challenges ?? null} /> : null}
        {"wari" in data ? <WariTab editions={data.wari ?? null} /> : null}
        {"feedback" in data ? <FeedbackTab counts={data.feedback ?? null} /> : null}
        {"sync" in data ? (
          <SyncTab
            rows={data.sync ?? null}
            scheduler={"scheduler" in data ? (data.scheduler ?? null) : null}
          />
        ) : null}
        {"analysis" in data && data.analysis ? <AnalysisTab data={data.analysis} /> : null}
        {"club" in data ? <ClubTab reported={data.club ?? null} /> : null}
        {"health" in data ? <HealthTab report={data.health ?? null} /> : null}
      </div>
    </main>
  );
}
