import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Form, Link, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert, ErrorList, SelectField } from "~/ui/form";
import { Pagination } from "~/ui/pagination";
import { useToast } from "~/ui/toast";
import type { AdminFeedbackView } from "../feedback.server";
import { useDates } from "~/lib/time-zone";
import {
  FEEDBACK_MSG,
  FEEDBACK_STATUSES,
  FEEDBACK_TOASTS,
  FEEDBACK_TYPES,
  RESPONSE_MAX,
  responseSchema,
  STATUS_LABELS,
  truncateSubject,
  TYPE_LABELS,
  adminListQuerySchema,
  type AdminListQuery,
} from "../schema";
import { StatusBadge, TableHead, TypeBadge, ViewCell } from "./parts";
import { Card } from "~/ui/card";
import { buttonClass } from "~/ui/button";

const button = "inline-flex items-center justify-center";
const primary = buttonClass({ size: "sm", className: `${button} disabled:cursor-wait disabled:opacity-70` });
const secondary = buttonClass({ variant: "secondary", size: "sm", className: button });
const control =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-brand-accent focus:outline-none focus:ring-2 focus:ring-brand-accent/30";

export interface AdminListData {
  query: AdminListQuery;
  list: { feedback: AdminFeedbackView[]; total: number; page: number; totalPages: number } | null;
}

/** The filters in the filter form (without JavaScript the form is submitted as it is; the server reads 'all' as no filter). */
function filtersOf(form: HTMLFormElement): Pick<AdminListQuery, "search" | "status" | "feedbackType"> {
  const data = new FormData(form);
  const parsed = adminListQuerySchema.safeParse({
    search: data.get("search") ?? "",
    status: data.get("status"),
    feedbackType: data.get("feedbackType"),
  });
  return parsed.success ? parsed.data : { search: "" };
}

/** The address of a page of the list with the current filters (filters left out when 'all'). */
function listHref(query: Pick<AdminListQuery, "search" | "status" | "feedbackType">, page: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.status) params.set("status", query.status);
  if (query.feedbackType) params.set("feedbackType", query.feedbackType);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `/admin/feedback?${text}` : "/admin/feedback";
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? "all"} className={control}>
        <option value="all">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AdminFeedbackListPage({ data }: { data: AdminListData }) {
  const dates = useDates();
  const { query, list } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const toast = useToast();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/feedback";

  useEffect(() => {
    if (list === null) toast({ ...FEEDBACK_TOASTS.adminListFailed, variant: "destructive" });
  }, [list, toast]);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Feedback Management</h1>
        <Link to="/admin?tab=feedback" className={secondary}>
          ← Admin dashboard
        </Link>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Filter feedback"
        className="mt-6 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(listHref(filtersOf(event.currentTarget), 1));
        }}
        onChange={(event) => {
          // Selects apply at once; the search box applies on Enter or the button.
          if ((event.target as HTMLElement).tagName === "SELECT")
            navigate(listHref(filtersOf(event.currentTarget), 1), { replace: true });
        }}
      >
        <div>
          <label htmlFor="feedback-search" className="block text-sm font-medium text-gray-800">
            Search
          </label>
          <input
            id="feedback-search"
            name="search"
            type="search"
            defaultValue={query.search}
            placeholder="Subject or message"
            className={control}
          />
        </div>
        <FilterSelect
          id="feedback-status"
          name="status"
          label="Status"
          value={query.status}
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <FilterSelect
          id="feedback-type"
          name="feedbackType"
          label="Type"
          value={query.feedbackType}
          options={FEEDBACK_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
        <button type="submit" className={primary}>
          Search
        </button>
      </Form>

      <div className="mt-6" aria-busy={loading || undefined}>
        {list === null ? (
          <Alert tone="error" title={FEEDBACK_TOASTS.adminListFailed.title}>
            {FEEDBACK_TOASTS.adminListFailed.description}
          </Alert>
        ) : list.feedback.length === 0 ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center font-medium text-gray-900">
            No feedback found
          </div>
        ) : (
          <div className={`space-y-4 transition-opacity ${loading ? "opacity-60" : ""}`}>
            <div className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white">
              <table className="min-w-full divide-y divide-gray-200 text-sm">
                <caption className="px-3 py-2 text-left text-sm text-gray-600">
                  Showing {list.feedback.length} of {list.total}
                </caption>
                <TableHead
                  columns={[
                    "ID",
                    "Type",
                    "Subject",
                    "Status",
                    "User",
                    "Date",
                    <span key="actions" className="sr-only">
                      Actions
                    </span>,
                  ]}
                />
                <tbody className="divide-y divide-gray-100">
                  {list.feedback.map((f) => (
                    <tr key={f.id} className="hover:bg-gray-50">
                      <td className="px-3 py-2 text-gray-600">#{f.id}</td>
                      <td className="px-3 py-2">
                        <TypeBadge type={f.feedbackType} />
                      </td>
                      <td className="px-3 py-2 font-medium text-gray-900" title={f.subject}>
                        {truncateSubject(f.subject)}
                      </td>
                      <td className="px-3 py-2">
                        <StatusBadge status={f.status} />
                      </td>
                      <td className="px-3 py-2 text-gray-700">{f.user?.username ?? "Unknown user"}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-gray-600">{dates.date(f.createdAt)}</td>
                      <ViewCell to={`/admin/feedback/${f.id}`} id={f.id} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={list.page}
              pages={list.totalPages}
              hrefFor={(page) => listHref(query, page)}
              neighbours={2}
              label="Feedback pages"
            />
          </div>
        )}
      </div>
    </main>
  );
}

export interface RespondActionData {
  message: string;
  result?: SubmissionResult<string[]>;
}

const TABS = ["details", "response"] as const;

function UserCard({ item }: { item: AdminFeedbackView }) {
  const dates = useDates();
  const userId = item.user?.id;
  return (
    <Card as="aside" padding="sm">
      <h2 className="font-semibold text-gray-900">Submitted by</h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-gray-500">Username</dt>
          <dd className="font-medium text-gray-900">{item.user?.username ?? "Unknown user"}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Email</dt>
          <dd className="break-all text-gray-900">{item.user?.email || "Email not available"}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Submitted</dt>
          <dd className="text-gray-900">
            <time dateTime={item.createdAt}>{dates.dateTime(item.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">Type</dt>
          <dd className="mt-0.5">
            <TypeBadge type={item.feedbackType} />
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">Status</dt>
          <dd className="mt-0.5">
            <StatusBadge status={item.status} />
          </dd>
        </div>
      </dl>
      {userId ? (
        <a
          href={`/admin/users/${userId}`}
          target="_blank"
          rel="noreferrer"
          className={`${secondary} mt-4 w-full`}
        >
          View User Profile<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <button type="button" disabled className={`${secondary} mt-4 w-full cursor-not-allowed opacity-60`}>
          View User Profile
        </button>
      )}
    </Card>
  );
}

function ResponseForm({
  item,
  actionData,
  onBack,
}: {
  item: AdminFeedbackView;
  actionData: RespondActionData | undefined;
  onBack: () => void;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === `/admin/feedback/${item.id}`;
  const [form, fields] = useForm({
    id: `respond-${item.id}-${item.updatedAt}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(responseSchema),
    defaultValue: { status: item.status, adminResponse: item.adminResponse ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: responseSchema }),
  });
  return (
    <Form method="post" action={`/admin/feedback/${item.id}`} {...getFormProps(form)} className="space-y-4">
      <SelectField
        label="Status"
        errors={fields.status.errors}
        selectProps={getSelectProps(fields.status)}
        options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        placeholder="Select a status"
      />
      <div>
        <label htmlFor={fields.adminResponse.id} className="block text-sm font-medium text-gray-800">
          Response
        </label>
        <textarea
          {...getTextareaProps(fields.adminResponse)}
          rows={6}
          maxLength={RESPONSE_MAX}
          placeholder="Write a response the member will see"
          className={control}
        />
        <ErrorList errors={fields.adminResponse.errors} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link
          to="?tab=details"
          className={secondary}
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          Back to Details
        </Link>
        <button type="submit" disabled={saving} aria-busy={saving || undefined} className={primary}>
          {saving ? "Saving..." : "Save Response"}
        </button>
      </div>
    </Form>
  );
}

/** The admin detail page without its feedback: not found (the route's 404 boundary) or failed to load. */
export function AdminFeedbackMissing({ message = FEEDBACK_MSG.notFound }: { message?: string }) {
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-8">
      <Alert tone="error">{message}</Alert>
      <Link to="/admin/feedback" className={secondary}>
        ← Back to feedback
      </Link>
    </main>
  );
}

export function AdminFeedbackDetailPage({
  item,
  actionData,
}: {
  item: AdminFeedbackView | null;
  actionData: RespondActionData | undefined;
}) {
  const dates = useDates();
  const [searchParams] = useSearchParams();
  const fromAddress = Math.max(
    0,
    TABS.indexOf((searchParams.get("tab") ?? "details") as (typeof TABS)[number]),
  );
  const [tab, setTab] = useState(fromAddress);
  useEffect(() => setTab(fromAddress), [fromAddress]);
  const toast = useToast();
  useEffect(() => {
    if (actionData?.message)
      toast({ ...FEEDBACK_TOASTS.updateFailed, description: actionData.message, variant: "destructive" });
  }, [actionData, toast]);

  const back = (
    <Link to="/admin/feedback" className={secondary}>
      ← Back to feedback
    </Link>
  );
  if (!item) return <AdminFeedbackMissing message={FEEDBACK_MSG.detailFailed} />;
  const tabClass = ({ selected }: { selected: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent ${selected ? "bg-white text-brand shadow" : "text-gray-700 hover:bg-white/70"}`;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      {back}
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Feedback #{item.id}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr]">
        <UserCard item={item} />
        <Card as="section" padding="sm" className="min-w-0">
          <TabGroup selectedIndex={tab} onChange={setTab}>
            <TabList className="flex gap-1 rounded-lg bg-gray-100 p-1">
              <Tab className={tabClass}>Feedback Details</Tab>
              <Tab className={tabClass}>Admin Response</Tab>
            </TabList>
            <TabPanels className="mt-4">
              <TabPanel className="space-y-5 focus:outline-none">
                <div>
                  <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Subject</h2>
                  <p className="mt-1 break-words text-lg font-semibold text-gray-900">{item.subject}</p>
                </div>
                <div>
                  <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Description</h2>
                  <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">{item.message}</p>
                </div>
                <div>
                  <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Screenshot</h2>
                  {item.screenshotUrl ? (
                    <a
                      href={item.screenshotUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="mt-2 inline-block"
                    >
                      <img
                        src={item.screenshotUrl}
                        alt={`Screenshot attached to feedback #${item.id}`}
                        className="max-h-96 max-w-full rounded border border-gray-200"
                        loading="lazy"
                      />
                    </a>
                  ) : (
                    <p className="mt-1 text-gray-600">No screenshot attached.</p>
                  )}
                </div>
                {item.adminResponse ? (
                  <div className="rounded-lg border border-gray-200 bg-gray-50 p-3">
                    <h2 className="text-sm font-semibold text-gray-700">Current response</h2>
                    <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">{item.adminResponse}</p>
                    <p className="mt-1 text-xs text-gray-600">
                      Last updated {dates.dateTime(item.updatedAt)}
                    </p>
                  </div>
                ) : null}
                <Link
                  to="?tab=response"
                  className={primary}
                  onClick={(event) => {
                    event.preventDefault();
                    setTab(1);
                  }}
                >
                  Respond
                </Link>
              </TabPanel>
              <TabPanel className="focus:outline-none" unmount={false}>
                <ResponseForm item={item} actionData={actionData} onBack={() => setTab(0)} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </Card>
      </div>
    </main>
  );
}
