/**
 * /admin/wari/{year}: the finisher list of an edition (name, result, distance,
 * moving and elapsed time, review status), each result confirmed or corrected
 * with a conform + zod form, the CSV export and the audit of the reviews.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { formatDuration, formatKmNumber, longDate, plural } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { Alert, Field, SelectField } from "~/ui/form";
import type { AdminResultRow, EditionResults } from "../results.server";
import { RESULT_LABELS, RESULT_STATUSES } from "../results";
import { reviewSchema } from "../results-schema";

export interface ReviewActionData {
  userId: string;
  message: string;
  result: SubmissionResult<string[]>;
}

const time = (seconds: number | null) => (seconds === null ? "—" : formatDuration(seconds));
const km = (value: number | null) => (value === null ? "—" : `${formatKmNumber(value)} km`);
/** Seconds as the form's h:mm:ss. */
const clock = (seconds: number | null) => {
  if (seconds === null) return "";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
};

function ReviewStatus({ row }: { row: AdminResultRow }) {
  const dates = useDates();
  if (!row.review) return <span className="text-gray-600">Computed</span>;
  return (
    <span className="text-gray-800">
      {row.review === "confirmed"
        ? "Confirmed"
        : `Corrected (was ${RESULT_LABELS[row.computedStatus as keyof typeof RESULT_LABELS] ?? row.computedStatus})`}
      {row.reviewedBy ? ` by ${row.reviewedBy}` : ""}
      {row.reviewedAt ? `, ${dates.dateTime(row.reviewedAt)}` : ""}
    </span>
  );
}

function ReviewForms({
  year,
  row,
  actionData,
}: {
  year: number;
  row: AdminResultRow;
  actionData?: ReviewActionData;
}) {
  const navigation = useNavigation();
  const mine = actionData?.userId === String(row.userId) ? actionData : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("userId") === String(row.userId);
  const [form, fields] = useForm({
    id: `correct-${row.userId}`,
    lastResult: mine?.result,
    constraint: getZodConstraint(reviewSchema),
    defaultValue: {
      intent: "correct",
      userId: String(row.userId),
      status: row.status,
      distanceKm: row.distanceKm === null ? "" : String(row.distanceKm),
      movingTime: clock(row.movingTimeSeconds),
      elapsedTime: clock(row.elapsedTimeSeconds),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <div className="space-y-2">
      {mine ? <Alert tone="error">{mine.message}</Alert> : null}
      <Form method="post" action={`/admin/wari/${year}`}>
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="userId" value={row.userId} />
        <button
          type="submit"
          disabled={busy}
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-label={`Confirm the result of ${row.name}`}
        >
          Confirm
        </button>
      </Form>
      <details open={mine !== undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-ink underline">
          Correct<span className="sr-only">{` the result of ${row.name}`}</span>
        </summary>
        <Form method="post" action={`/admin/wari/${year}`} {...getFormProps(form)} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="correct" />
          <input type="hidden" name="userId" value={row.userId} />
          <SelectField
            label="Result"
            errors={fields.status.errors}
            selectProps={getSelectProps(fields.status)}
            options={RESULT_STATUSES.map((s) => ({ value: s, label: RESULT_LABELS[s] }))}
            placeholder="Choose a result"
          />
          <Field
            label="Distance (km)"
            errors={fields.distanceKm.errors}
            inputProps={{ ...getInputProps(fields.distanceKm, { type: "text" }), inputMode: "decimal" }}
          />
          <Field
            label="Moving time (h:mm:ss)"
            errors={fields.movingTime.errors}
            inputProps={getInputProps(fields.movingTime, { type: "text" })}
          />
          <Field
            label="Elapsed time (h:mm:ss)"
            errors={fields.elapsedTime.errors}
            inputProps={getInputProps(fields.elapsedTime, { type: "text" })}
          />
          <Field
            label="Note"
            errors={fields.note.errors}
            inputProps={getInputProps(fields.note, { type: "text" })}
          />
          <button type="submit" disabled={busy} className={buttonClass({ size: "sm" })}>
            {busy ? "Saving..." : "Save correction"}
          </button>
        </Form>
      </details>
    </div>
  );
}

export function AdminResultsPage({
  data,
  actionData,
}: {
  data: EditionResults & {
    audit: {
      id: number;
      member: string;
      admin: string | null;
      action: string;
      from: string;
      to: string;
      note: string | null;
      at: string;
    }[];
  };
  actionData?: ReviewActionData;
}) {
  const dates = useDates();
  const { edition, results } = data;
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Link to="/admin" className="text-sm font-medium text-brand hover:underline">
        ← Admin
      </Link>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{`${edition.name}: results`}</h1>
          <p className="text-sm text-gray-700" data-testid="results-summary">
            {`${longDate(edition.date)} · ${edition.distanceKm} km · ${plural(data.registered, "registered member")} · ${plural(data.finisherCount, "finisher")}`}
          </p>
        </div>
        <a
          href={`/api/admin/wari/editions/${edition.year}/results.csv`}
          className={buttonClass({ variant: "secondary" })}
          download
        >
          Export CSV
        </a>
      </header>
      <Card>
        {!data.over ? (
          <p className="text-sm text-gray-700" data-testid="results-empty">
            {`Results open the day after the ride (${longDate(edition.date)}).`}
          </p>
        ) : results.length === 0 ? (
          <p className="text-sm text-gray-700" data-testid="results-empty">
            No member registered for this edition.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="finisher-list">
              <caption className="sr-only">Results of every registered member</caption>
              <thead>
                <tr className="text-left text-gray-600">
                  {["Name", "Result", "Distance", "Moving time", "Elapsed time", "Status", "Review"].map(
                    (h) => (
                      <th key={h} scope="col" className="px-2 py-2 font-medium">
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 align-top">
                {results.map((row) => (
                  <tr key={row.userId} data-testid={`result-${row.userId}`}>
                    <th scope="row" className="px-2 py-2 text-left font-medium text-gray-900">
                      <Link to={`/admin/users/${row.userId}`} className="hover:underline">
                        {row.name}
                      </Link>
                    </th>
                    <td className="px-2 py-2">{RESULT_LABELS[row.status]}</td>
                    <td className="px-2 py-2 tabular-nums">{km(row.distanceKm)}</td>
                    <td className="px-2 py-2 tabular-nums">{time(row.movingTimeSeconds)}</td>
                    <td className="px-2 py-2 tabular-nums">{time(row.elapsedTimeSeconds)}</td>
                    <td className="px-2 py-2">
                      <ReviewStatus row={row} />
                    </td>
                    <td className="px-2 py-2">
                      <ReviewForms year={edition.year} row={row} actionData={actionData} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Reviews</h2>
        {data.audit.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No result has been confirmed or corrected yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm text-gray-800" data-testid="result-audit">
            {data.audit.map((a) => (
              <li key={a.id}>
                {`${dates.dateTime(a.at)}: ${a.admin ?? "An admin"} ${a.action} ${a.member}'s result${a.note ? ` (${a.note})` : ""}`}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </main>
  );
}
