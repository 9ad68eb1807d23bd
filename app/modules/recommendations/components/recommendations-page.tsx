import { getCollectionProps, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Alert, ErrorList, SubmitButton } from "~/ui/form";
import { useToast } from "~/ui/toast";
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  IMPROVEMENT_LABELS,
  IMPROVEMENT_TARGETS,
  SPORTS,
  STATUS_LABELS,
  STATUSES,
  TOASTS,
  type Recommendation,
  type RecommendationStatus,
} from "../constants";
import type { recommendationsAction, recommendationsPage } from "../page.server";
import { generateSchema } from "../schema";
import { FitnessProfilePanel } from "./fitness-profile-panel";
import { RecommendationItem } from "./recommendation-item";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";
import { OnboardingCard } from "~/ui/onboarding-card";

type PageData = Awaited<ReturnType<typeof recommendationsPage>>;
type ActionData = Awaited<ReturnType<typeof recommendationsAction>>["data"];

const card = cardClass({ padding: "sm" });
const FAILURE_TOAST = {
  generate: TOASTS.generateFailed,
  complete: TOASTS.completeFailed,
  skip: TOASTS.skipFailed,
} as const;

const EMPTY_MESSAGES: Record<RecommendationStatus, string> = {
  pending: "No pending workouts. Generate recommendations to get a fresh plan.",
  completed: "No completed workouts yet.",
  skipped: "No skipped workouts.",
};

function GeneratorForm({
  defaultSports,
  actionData,
}: {
  defaultSports: string[];
  actionData: ActionData | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  const [form, fields] = useForm({
    id: "generate-recommendations",
    lastResult: actionData?.intent === "generate" ? actionData.result : undefined,
    defaultValue: {
      sportTypes: defaultSports,
      difficultyPreference: "moderate",
      targetImprovement: "general",
    },
    constraint: getZodConstraint(generateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: generateSchema }),
    shouldValidate: "onSubmit",
  });
  const radio = "peer sr-only";
  const pill =
    "block cursor-pointer rounded-md border border-gray-300 bg-white px-3 py-2 text-center text-sm font-medium text-gray-800 peer-checked:border-brand-accent peer-checked:bg-brand-tint peer-checked:text-brand peer-focus-visible:ring-2 peer-focus-visible:ring-brand-accent";
  return (
    <section aria-labelledby="generator-heading" className={card}>
      <h2 id="generator-heading" className="text-lg font-semibold text-gray-900">
        Generate Workouts
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A plan sized from your recent activities. Generating again adds a new plan; your pending workouts
        stay.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="generate" />
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Sport types</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {getCollectionProps(fields.sportTypes, { type: "checkbox", options: [...SPORTS] }).map(
              (props) => (
                <label key={props.key} className="inline-flex items-center gap-2 text-sm text-gray-900">
                  <input
                    {...props}
                    key={props.key}
                    className="h-4 w-4 rounded border-gray-300 text-brand focus:ring-brand-accent"
                  />
                  {props.value}
                </label>
              ),
            )}
          </div>
          <p className="mt-1 text-xs text-gray-500">None ticked: your preferred sports (or Run).</p>
          <ErrorList errors={fields.sportTypes.errors} />
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Difficulty preference</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {getCollectionProps(fields.difficultyPreference, {
              type: "radio",
              options: [...DIFFICULTIES],
            }).map((props) => (
              <label key={props.key}>
                <input {...props} key={props.key} className={radio} />
                <span className={pill}>
                  {DIFFICULTY_LABELS[props.value as keyof typeof DIFFICULTY_LABELS]}
                </span>
              </label>
            ))}
          </div>
          <ErrorList errors={fields.difficultyPreference.errors} />
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Target improvement</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {getCollectionProps(fields.targetImprovement, {
              type: "radio",
              options: [...IMPROVEMENT_TARGETS],
            }).map((props) => (
              <label key={props.key}>
                <input {...props} key={props.key} className={radio} />
                <span className={pill}>
                  {IMPROVEMENT_LABELS[props.value as keyof typeof IMPROVEMENT_LABELS]}
                </span>
              </label>
            ))}
          </div>
          <ErrorList errors={fields.targetImprovement.errors} />
        </fieldset>
        <ErrorList errors={form.errors} />
        <SubmitButton pending={pending} pendingText="Generating..." className="sm:w-auto">
          Generate Recommendations
        </SubmitButton>
      </Form>
    </section>
  );
}

function ItemActions({
  recommendation,
  status,
}: {
  recommendation: Recommendation;
  status: RecommendationStatus;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(recommendation.id);
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  return (
    <Form method="post" action={`/recommendations?status=${status}`} className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={recommendation.id} />
      <Button
        type="submit"
        name="intent"
        value="complete"
        disabled={busy}
        aria-busy={busyIntent === "complete" || undefined}
        size="none"
        className="px-3 py-1.5 text-sm font-semibold disabled:cursor-wait disabled:opacity-70"
      >
        Mark as Complete
      </Button>
      <Button
        type="submit"
        name="intent"
        value="skip"
        disabled={busy}
        aria-busy={busyIntent === "skip" || undefined}
        variant="secondary"
        size="none"
        className="px-3 py-1.5 text-sm font-semibold disabled:cursor-wait disabled:opacity-70"
      >
        Skip
      </Button>
    </Form>
  );
}

function StatusTabs({
  current,
  counts,
}: {
  current: RecommendationStatus;
  counts: Record<RecommendationStatus, number>;
}) {
  return (
    <nav
      aria-label="Recommendation status"
      className="grid grid-cols-3 border-b border-gray-200 sm:flex sm:gap-1"
    >
      {STATUSES.map((s) => {
        const active = s === current;
        return (
          <Link
            key={s}
            to={`?status=${s}`}
            preventScrollReset
            aria-current={active ? "page" : undefined}
            className={`-mb-px flex items-center justify-center gap-1.5 whitespace-nowrap border-b-2 px-1 py-2 text-sm font-medium sm:justify-start sm:gap-2 sm:px-3 ${
              active
                ? "border-brand-accent text-brand"
                : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900"
            }`}
          >
            {STATUS_LABELS[s]}
            <span
              className={`rounded-full px-2 text-xs tabular-nums ${active ? "bg-brand-soft text-brand" : "bg-gray-100 text-gray-700"}`}
              data-testid={`count-${s}`}
            >
              {counts[s]}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}

/** /recommendations (spec part 1 §2): tabs Pending, Completed, Skipped; the generator; the fitness profile panel. */
export function RecommendationsPage({ data }: { data: PageData }) {
  const actionData = useActionData<ActionData>();
  const toast = useToast();

  useEffect(() => {
    if (!actionData || actionData.ok) return;
    toast({ ...FAILURE_TOAST[actionData.intent], description: actionData.message, variant: "destructive" });
  }, [actionData, toast]);

  useEffect(() => {
    if (data.loadError) toast({ ...TOASTS.loadFailed, variant: "destructive" });
  }, [data.loadError, toast]);

  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-gray-900">Workout Recommendations</h1>
      <p className="mt-1 text-gray-600">Personalised workouts based on your recent activities.</p>
      {data.firstRun ? (
        <div className="mt-6">
          <OnboardingCard
            connected={data.firstRun.connected}
            what="workouts sized from your own training, and the fitness profile they are built on"
            connectHere
          />
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {actionData && !actionData.ok ? (
            <Alert tone="error" title={FAILURE_TOAST[actionData.intent].title}>
              {actionData.message}
            </Alert>
          ) : null}

          <GeneratorForm defaultSports={data.defaultSports} actionData={actionData} />

          <section aria-labelledby="list-heading" className={card}>
            <h2 id="list-heading" className="sr-only">
              Your workouts
            </h2>
            <StatusTabs current={data.status} counts={data.counts} />
            <div className="pt-4" data-testid={`panel-${data.status}`}>
              {data.loadError ? (
                <Alert tone="error" title={TOASTS.loadFailed.title}>
                  {TOASTS.loadFailed.description}
                </Alert>
              ) : data.items.length === 0 ? (
                <p className="py-6 text-center text-gray-600">{EMPTY_MESSAGES[data.status]}</p>
              ) : (
                <ul className="divide-y divide-gray-100">
                  {data.items.map((r) => (
                    <RecommendationItem
                      key={r.id}
                      recommendation={r}
                      detailed
                      actions={
                        r.status === "pending" ? (
                          <ItemActions recommendation={r} status={data.status} />
                        ) : undefined
                      }
                    />
                  ))}
                </ul>
              )}
            </div>
          </section>
        </div>

        <aside className="min-w-0">
          <FitnessProfilePanel profile={data.profile} />
        </aside>
      </div>
    </main>
  );
}
