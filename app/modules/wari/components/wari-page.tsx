import { TabGroup, TabPanel, TabPanels } from "~/ui/tabs";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Alert, Spinner } from "~/ui/form";
import { LinkTabList } from "~/ui/tab-link";
import { useToast } from "~/ui/toast";
import type { WariEditionView, WariPageData, WariTab } from "../page.server";
import { WARI_MSG } from "../messages";
import { AnalysisTab, HistoryTab } from "./analysis-history";
import { FitnessChart } from "./fitness-chart";
import { EventCard, PlanSummary, ReadinessCard, storedCategory } from "./overview";
import { TrainingPlanTab } from "./training-plan";
import { Button } from "~/ui/button";

interface ActionAnswer {
  intent: string;
  ok: boolean;
  title: string;
  message: string;
}

const TABS: { id: WariTab; label: string; short?: string }[] = [
  { id: "plan", label: "Training Plan", short: "Plan" },
  { id: "analysis", label: "Activity Analysis", short: "Analysis" },
  { id: "history", label: "History" },
];

function tabSearch(search: string, id: WariTab) {
  const params = new URLSearchParams(search);
  params.set("tab", id);
  params.delete("week");
  params.delete("generate");
  return `?${params}`;
}

function RegisterControl({ registered, edition }: { registered: boolean; edition: WariEditionView }) {
  const navigation = useNavigation();
  if (!registered && !edition.registrationOpen) {
    return (
      <span
        className="inline-flex items-center rounded-full bg-gray-100 px-3 py-1.5 text-sm font-semibold text-gray-700"
        data-testid="registration-closed"
      >
        Registration closed
      </span>
    );
  }
  if (registered) {
    return (
      <span
        className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1.5 text-sm font-semibold text-green-800"
        data-testid="registered-badge"
      >
        <span aria-hidden="true">✓</span> {edition.texts.registered}
      </span>
    );
  }
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="register" />
      <Button
        type="submit"
        disabled={pending}
        className="inline-flex items-center justify-center disabled:opacity-70"
      >
        {pending ? "Registering..." : "Register for Event"}
      </Button>
    </Form>
  );
}

/** /wari (spec part 2 §2 "Annual 250 km event"). */
export function WariPage({ data, actionData }: { data: WariPageData; actionData?: ActionAnswer }) {
  const { search, pathname, key: locationKey } = useLocation();
  const navigation = useNavigation();
  const toast = useToast();
  const params = new URLSearchParams(search);
  const openWeek = Number(params.get("week")) || null;
  const generateFailed = params.get("generate") === "failed";
  const loading =
    navigation.state === "loading" && navigation.location.pathname === pathname && !navigation.formData;

  useEffect(() => {
    if (actionData && !actionData.ok)
      toast({ title: actionData.title, description: actionData.message, variant: "destructive" });
  }, [actionData, toast]);

  const remember = (index: number) => {
    window.history.replaceState(window.history.state, "", tabSearch(window.location.search, TABS[index]!.id));
  };

  const edition = data.edition;
  if (!edition) {
    return (
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">Wari</h1>
        {data.loadError ? (
          <Alert tone="error" title="Error">
            {data.loadError}
          </Alert>
        ) : (
          <Alert tone="info">{WARI_MSG.noCurrentEdition}</Alert>
        )}
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{edition.texts.title}</h1>
          <p className="mt-1 text-gray-600">
            {`Prepare for the one-day ${edition.distanceKm} km cycling challenge on ${edition.texts.dateLabel}.`}
          </p>
        </div>
        {data.loadError ? null : (
          <RegisterControl registered={data.registration !== null} edition={edition} />
        )}
      </div>

      {loading ? <Spinner label="Loading Wari Dashboard..." /> : null}
      {actionData && !actionData.ok && actionData.intent === "register" ? (
        <Alert tone="error" title={actionData.title}>
          {actionData.message}
        </Alert>
      ) : null}
      {generateFailed ? <Alert tone="error">{WARI_MSG.generateFailed}</Alert> : null}

      {data.loadError || !data.analysis ? (
        <div className="space-y-3">
          <Alert tone="error" title="Error">
            {data.loadError ?? WARI_MSG.loadFailed}
          </Alert>
          <Button to="/wari" variant="secondary" size="sm" className="inline-flex">
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-1">
              <EventCard
                serverNow={data.now}
                edition={edition}
                plan={data.plan}
                registration={data.registration}
                mode={data.mode}
                result={data.result}
              />
            </div>
            <div className="space-y-6 lg:col-span-2">
              <ReadinessCard analysis={data.analysis} stored={storedCategory(data.plan, data.registration)} />
              {data.plan && data.plan.planDetails.weeklySchedule.length ? (
                <PlanSummary plan={data.plan} mode={data.mode} />
              ) : null}
            </div>
          </div>

          {data.fitness ? <FitnessChart chart={data.fitness} /> : null}

          {/* Remounts on every navigation (a form's redirect names the tab to show); a tab click only replaces the address. */}
          <TabGroup
            key={`${data.tab}-${locationKey}`}
            defaultIndex={TABS.findIndex((t) => t.id === data.tab)}
            onChange={remember}
          >
            <LinkTabList
              label="Wari sections"
              className="grid-cols-3"
              tabs={TABS.map((tab) => ({ ...tab, href: tabSearch(search, tab.id) }))}
            />
            <TabPanels className="mt-4">
              <TabPanel className="focus:outline-none" data-testid="tab-plan">
                <TrainingPlanTab
                  plan={data.plan}
                  openWeek={openWeek}
                  mode={data.mode}
                  refusal={actionData && !actionData.ok && actionData.intent === "toggle" ? actionData : null}
                />
              </TabPanel>
              <TabPanel className="focus:outline-none" data-testid="tab-analysis">
                <AnalysisTab analysis={data.analysis} stravaLinked={data.stravaLinked} />
              </TabPanel>
              <TabPanel className="focus:outline-none" data-testid="tab-history">
                <HistoryTab history={data.history} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </>
      )}
    </main>
  );
}
