/**
 * Admins: the event's money (decision 030). The totals (collected, refunded,
 * pending, failed), then each registration with its payments, its refunds
 * and their states, and its history (the audit trail). A failed refund has
 * Retry and "Mark refunded by hand" (a note is required: conform + zod).
 * Plain forms posting to the page's action: they work without JavaScript.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { formatRupees } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { ErrorList } from "~/ui/form";
import type { paymentsSummary } from "../exports.server";
import type { MoneyRegistration, TimelineEntry } from "../money.server";
import type { RefundView } from "../refunds.server";
import { markRefundedSchema } from "../schema";
import { badge } from "./parts";

export type MoneySummary = Awaited<ReturnType<typeof paymentsSummary>>;
export interface MoneyActionData {
  result?: SubmissionResult<string[]>;
  refundId?: number;
}

const STATE_LABELS: Record<string, string> = {
  new: "New",
  held: "Place held",
  expired: "Hold ran out",
  paid: "Paid",
  checked_in: "Checked in",
  cancelled: "Cancelled",
  waitlisted: "Joined the waitlist",
  offered: "Place offered",
  refund_pending: "Refund started",
  refunded: "Refunded",
  refund_failed: "Refund failed",
};
const label = (state: string) => STATE_LABELS[state] ?? state;

const RELEASE_LABELS: Record<string, string> = {
  cancelled: "Cancelled by the member",
  removed: "Removed by an admin",
  event_cancelled: "Event cancelled",
};

function RefundBadge({ refund }: { refund: RefundView }) {
  if (refund.status === "processed")
    return (
      <span className={`${badge} bg-green-100 text-green-800`}>
        {refund.byHand ? "Refunded by hand" : "Refunded"}
      </span>
    );
  if (refund.status === "failed")
    return <span className={`${badge} bg-red-100 text-red-800`}>Refund failed</span>;
  return <span className={`${badge} bg-amber-100 text-amber-900`}>Refund pending</span>;
}

function Total({ title, amount, hint }: { title: string; amount: number; hint: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-gray-500">{title}</dt>
      <dd className="mt-1 break-words text-lg font-semibold text-gray-900 sm:text-xl">
        {formatRupees(amount)}
      </dd>
      <dd className="mt-0.5 text-xs text-gray-500">{hint}</dd>
    </div>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function MarkRefundedByHand({ refund }: { refund: RefundView }) {
  const actionData = useActionData<MoneyActionData>();
  const [form, fields] = useForm({
    id: `mark-refunded-${refund.id}`,
    lastResult: actionData?.refundId === refund.id ? actionData.result : undefined,
    constraint: getZodConstraint(markRefundedSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: markRefundedSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <details className="w-full rounded-md border border-gray-200 p-2" open={Boolean(fields.note.errors)}>
      <summary className="cursor-pointer text-sm font-medium text-gray-800">Mark refunded by hand</summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="mark-refunded" />
        <input type="hidden" name="refundId" value={refund.id} />
        <label htmlFor={fields.note.id} className="block text-sm text-gray-700">
          How was the money returned? (for example: bank transfer, UTR number)
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          rows={2}
          maxLength={500}
          className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 aria-[invalid=true]:border-red-500"
        />
        <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
        <Button type="submit" variant="secondary" size="sm" className="inline-flex items-center">
          Mark refunded
        </Button>
      </Form>
    </details>
  );
}

function RefundLine({ refund }: { refund: RefundView }) {
  const dates = useDates();
  const navigation = useNavigation();
  const retrying =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "retry-refund" &&
    navigation.formData.get("refundId") === String(refund.id);
  return (
    <li className="space-y-1.5 py-2" data-refund={refund.id}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-gray-900">Refund {formatRupees(refund.amount)}</span>
        <RefundBadge refund={refund} />
        {refund.latePayment ? (
          <span className="text-xs text-gray-600">payment arrived after cancelling</span>
        ) : null}
      </div>
      <p className="break-all text-xs text-gray-600">
        {refund.razorpayRefundId ??
          (refund.byHand ? "Settled outside Razorpay" : "Not yet taken by Razorpay")}{" "}
        · on {refund.paymentId}
        {refund.attempts > 0 ? ` · ${count(refund.attempts, "try", "tries")}` : ""}
        {refund.status === "pending" && refund.nextAttemptAt
          ? ` · next try ${dates.dateTime(refund.nextAttemptAt)}`
          : ""}
      </p>
      {refund.lastError && refund.status !== "processed" ? (
        <p className="text-xs text-red-800">Last answer: {refund.lastError}</p>
      ) : null}
      {refund.note ? <p className="text-xs text-gray-700">Note: {refund.note}</p> : null}
      {refund.status === "failed" ? (
        <div className="flex flex-wrap items-start gap-2 pt-1">
          <Form method="post">
            <input type="hidden" name="intent" value="retry-refund" />
            <input type="hidden" name="refundId" value={refund.id} />
            <Button type="submit" size="sm" disabled={retrying} className="inline-flex items-center">
              {retrying ? "Retrying…" : "Retry"}
            </Button>
          </Form>
          <MarkRefundedByHand refund={refund} />
        </div>
      ) : null}
    </li>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const dates = useDates();
  if (entries.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand">History ({entries.length})</summary>
      <ol className="mt-2 space-y-1 border-l-2 border-gray-200 pl-3">
        {entries.map((t, i) => (
          <li key={i} className="text-gray-700">
            <span className="font-medium text-gray-900">{label(t.to)}</span>
            {" · "}
            {t.actorUsername ? `${t.actorUsername} (${t.actor})` : t.actor}
            {" · "}
            <time dateTime={t.at}>{dates.dateTime(t.at)}</time>
            {t.note ? <span className="block text-xs text-gray-600">{t.note}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

function RegistrationMoney({ r }: { r: MoneyRegistration }) {
  const dates = useDates();
  return (
    <li className="space-y-2 p-4" aria-labelledby={`money-${r.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`money-${r.id}`} className="min-w-0 break-words font-medium text-gray-900">
          {r.name} <span className="font-normal text-gray-500">@{r.username}</span>
        </h4>
        <span className="text-xs text-gray-600">
          {r.releaseReason ? (RELEASE_LABELS[r.releaseReason] ?? label(r.state)) : label(r.state)}
        </span>
      </div>
      {r.payments.length ? (
        <ul className="text-sm text-gray-700">
          {r.payments.map((p) => (
            <li key={p.id} className="break-all">
              Payment {formatRupees(p.amount)} · {p.status === "paid" ? "received" : p.status} ·{" "}
              {p.paymentId ?? p.orderId} · {dates.dateTime(p.at)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">No payment.</p>
      )}
      {r.refunds.length ? (
        <ul className="divide-y divide-gray-100 text-sm">
          {r.refunds.map((f) => (
            <RefundLine key={f.id} refund={f} />
          ))}
        </ul>
      ) : null}
      <Timeline entries={r.timeline} />
    </li>
  );
}

export function AdminMoney({ summary, money }: { summary: MoneySummary; money: MoneyRegistration[] }) {
  // Failed refunds first: they are what needs the admin.
  const rank = (r: MoneyRegistration) =>
    r.refunds.some((f) => f.status === "failed") ? 0 : r.refunds.some((f) => f.status === "pending") ? 1 : 2;
  const list = [...money].sort((a, b) => rank(a) - rank(b));
  return (
    <section id="money" aria-labelledby="money-title" className="space-y-4">
      <h2 id="money-title" className="text-lg font-semibold text-gray-900">
        Payments and refunds
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total
          title="Collected"
          amount={summary.collected}
          hint={count(summary.counts.payments, "payment")}
        />
        <Total
          title="Refunded"
          amount={summary.refunded}
          hint={`${count(summary.counts.refunded, "refund")}${summary.counts.byHand ? `, ${summary.counts.byHand} by hand` : ""}`}
        />
        <Total
          title="Refunds pending"
          amount={summary.refundsPending}
          hint={count(summary.counts.pending, "refund")}
        />
        <Total
          title="Refunds failed"
          amount={summary.refundsFailed}
          hint={count(summary.counts.failed, "refund")}
        />
      </dl>
      <Card padding="none">
        {list.length === 0 ? (
          <p className="p-4 text-sm text-gray-600">No registrations yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {list.map((r) => (
              <RegistrationMoney key={r.id} r={r} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
