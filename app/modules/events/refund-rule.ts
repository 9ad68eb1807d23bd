/**
 * The event's refund rule (docs/decisions/025-registration-states.md): full
 * refund until N days before the start, then P percent until M days before,
 * then none. Amounts in paise; under ₹1.00 (Razorpay's minimum) is no refund.
 */
export interface RefundRule {
  refundFullDays: number;
  refundPartialPercent: number;
  refundPartialDays: number;
}

const DAY_MS = 86_400_000;
/** Razorpay refunds at least ₹1.00. */
export const MIN_REFUND_PAISE = 100;

/** The percent and amount a member's cancellation at `now` refunds of `paid` paise. */
export function refundFor(
  event: RefundRule & { date: string | Date },
  paid: number,
  now: Date,
): { percent: number; amount: number } {
  const msBefore = new Date(event.date).getTime() - now.getTime();
  const percent =
    msBefore >= event.refundFullDays * DAY_MS
      ? 100
      : msBefore >= event.refundPartialDays * DAY_MS
        ? event.refundPartialPercent
        : 0;
  const amount = Math.floor((paid * percent) / 100);
  return amount >= MIN_REFUND_PAISE ? { percent, amount } : { percent: 0, amount: 0 };
}

/** The rule in words, for the event page: "Full refund until 7 days before, then 50 % until 1 day before, then none." */
export function describeRefundRule(rule: RefundRule): string {
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  const partial =
    rule.refundPartialPercent > 0 && rule.refundPartialDays < rule.refundFullDays
      ? `, then ${rule.refundPartialPercent}% until ${days(rule.refundPartialDays)} before`
      : "";
  return `Full refund if you cancel until ${days(rule.refundFullDays)} before the event${partial}, then none.`;
}
