import type { ReactNode } from "react";
import { CalendarIcon, PeopleIcon, PinIcon, RupeeIcon } from "./icons";
import { formatEventDate, formatFee } from "~/lib/format";
import { useTimeZone } from "~/lib/time-zone";
import { isPaid } from "../schema";

export const badge =
  "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold";

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`${badge} ${active ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700"}`}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}

/**
 * An event's state, named the same for members and admins (issue #37): Cancelled once the
 * organisers cancelled it, Completed once its date has passed (spec part 2 §3), else Upcoming.
 */
export type EventState = "Upcoming" | "Completed" | "Cancelled";
export function eventState(event: { date: string; cancelledAt?: string | null }, now: Date): EventState {
  if (event.cancelledAt) return "Cancelled";
  return new Date(event.date) < now ? "Completed" : "Upcoming";
}

const STATE_STYLE: Record<EventState, string> = {
  Upcoming: "bg-green-100 text-green-800",
  Completed: "bg-slate-700 text-white",
  Cancelled: "bg-red-100 text-red-800",
};

export function EventStateBadge({ state }: { state: EventState }) {
  return (
    <span data-testid="event-state" className={`${badge} ${STATE_STYLE[state]}`}>
      {state}
    </span>
  );
}

/** 'completed' reads as Paid, anything else as Pending (the member's reading of the status). */
export function PaymentBadge({ status }: { status: string }) {
  return isPaid(status) ? (
    <span className={`${badge} bg-green-100 text-green-800`}>Paid</span>
  ) : (
    <span className={`${badge} bg-amber-100 text-amber-900`}>Pending</span>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 flex w-5 shrink-0 justify-center text-brand">
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** Date, location, cap and fee of an event, as the cards and the detail page show them. */
export function EventFacts({
  event,
}: {
  event: { date: string; location: string; maxParticipants: number | null; fee: number };
}) {
  const zone = useTimeZone();
  return (
    <ul className="space-y-1.5 text-sm text-gray-700">
      <Fact icon={<CalendarIcon />}>{formatEventDate(event.date, zone)}</Fact>
      <Fact icon={<PinIcon />}>{event.location}</Fact>
      {event.maxParticipants ? (
        <Fact icon={<PeopleIcon />}>Limited to {event.maxParticipants} participants</Fact>
      ) : null}
      <Fact icon={<RupeeIcon />}>
        <span className="font-semibold text-gray-900">{formatFee(event.fee)}</span>
        {event.fee === 0 ? null : <span className="text-gray-500"> registration fee</span>}
      </Fact>
    </ul>
  );
}
