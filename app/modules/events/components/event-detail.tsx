import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Modal } from "~/ui/modal";
import type { EventView } from "../events.server";
import type { AdminRegistration, OwnRegistration } from "../registrations.server";
import { Avatar } from "~/ui/avatar";
import type { CancellationQuote } from "../cancellation.server";
import type { WaitlistEntry, WaitlistPlace } from "../waitlist.server";
import type { OwnCheckIn } from "../receipts.server";
import { SignInToRegister } from "./events-page";
import { CalendarIcon } from "./icons";
import { AdminMoney, type MoneySummary } from "./admin-money";
import type { MoneyRegistration } from "../money.server";
import { formatRupees } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { removeRegistrationConfirm } from "../schema";
import { registrationStats } from "../stats";
import { ActiveBadge, EventFacts, EventStateBadge, eventState, PaymentBadge } from "./parts";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { buttonClass } from "~/ui/button";

export interface EventDetailData {
  event: EventView;
  isAdmin: boolean;
  signedIn: boolean;
  now: string;
  q: string;
  registrations: AdminRegistration[] | null;
  own: OwnRegistration | null;
  refundRule: string;
  full: boolean;
  waitlist: WaitlistPlace | null;
  waitlistEntries: WaitlistEntry[] | null;
  quote: CancellationQuote | null;
  checkIn: OwnCheckIn | null;
  money: MoneyRegistration[] | null;
  summary: MoneySummary | null;
}

const primary = buttonClass({ className: "inline-flex items-center justify-center text-sm" });

export function BackToEvents() {
  return (
    <Link
      to="/events"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
    >
      <span aria-hidden="true">←</span> Back to Events
    </Link>
  );
}

/** What the event routes' error boundaries show for a 404. */
export function EventNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Event not found</h1>
      <p className="mt-3 text-gray-600">This event does not exist or has been removed.</p>
      <Link to="/events" className={`${primary} mt-6`}>
        Back to Events
      </Link>
    </main>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 break-words text-xl font-semibold text-gray-900 sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-gray-500">{hint}</dd> : null}
    </div>
  );
}

/**
 * Admins: a Remove button per participant that asks first in a dialog (focus
 * moves into it, Escape or Cancel closes it and focus returns to the button),
 * then posts to this page's action; without JavaScript it is a plain form.
 */
function RemoveParticipant({ registration }: { registration: AdminRegistration }) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("registrationId") === String(registration.id);
  const name = registration.user.username;
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={busy}
        aria-label={`Remove ${name}`}
        className="inline-flex items-center rounded-md border border-gray-300 bg-white px-2.5 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
      >
        Remove
      </button>
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Remove participant">
        <p className="text-sm text-gray-700">{removeRegistrationConfirm(name)}</p>
        <p className="mt-2 text-sm text-gray-600">
          Their place is freed at once and offered to the waitlist. A payment already made is refunded in
          full.
        </p>
        <Form method="post" className="mt-5 flex justify-end gap-2" onSubmit={() => setConfirming(false)}>
          <input type="hidden" name="intent" value="remove-registration" />
          <input type="hidden" name="registrationId" value={registration.id} />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="inline-flex items-center"
            onClick={() => setConfirming(false)}
          >
            Cancel
          </Button>
          <Button type="submit" variant="danger" size="sm" className="inline-flex items-center">
            Remove
          </Button>
        </Form>
      </Modal>
    </>
  );
}

/** Admins: who is waiting, in line order. */
function AdminWaitlist({ entries }: { entries: WaitlistEntry[] }) {
  const dates = useDates();
  return (
    <Card as="section" aria-labelledby="waitlist-title" padding="none" className="p-4">
      <h3 id="waitlist-title" className="font-semibold text-gray-900">
        Waitlist
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Nobody is waiting.</p>
      ) : (
        <ol className="mt-2 divide-y divide-gray-100 text-sm">
          {entries.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-gray-900">
                  {w.place}. {w.username}
                </span>{" "}
                <span className="break-all text-gray-500">{w.email}</span>
              </span>
              <span className="text-xs text-gray-600">
                {w.status === "offered" ? "Place offered" : `Waiting since ${dates.date(w.joinedAt)}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Admins: cancel the whole event, every registration refunded in full (asks first, works without JavaScript). */
function CancelEvent({ event }: { event: EventView }) {
  if (event.cancelledAt)
    return <p className="text-sm font-medium text-red-800">This event has been cancelled.</p>;
  return (
    <details className="rounded-lg border border-red-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-medium text-red-700">Cancel this event</summary>
      <p className="mt-2 text-sm text-gray-700">
        Cancel <strong>{event.title}</strong>? Every registration is cancelled and refunded in full, the
        waitlist is closed and everyone is e-mailed.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="cancel-event" />
        <Button type="submit" variant="danger" size="sm" className="inline-flex items-center">
          Yes, cancel the event
        </Button>
      </Form>
    </details>
  );
}

/** Admins: statistics (capacity, collected, pending) and the searchable participants table. */
function AdminRegistrations({
  event,
  registrations,
  q,
}: {
  event: EventView;
  registrations: AdminRegistration[];
  q: string;
}) {
  const dates = useDates();
  const [query, setQuery] = useState(q);
  const stats = registrationStats(event, registrations);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? registrations.filter(
        (r) => r.user.username.toLowerCase().includes(needle) || r.user.email.toLowerCase().includes(needle),
      )
    : registrations;
  return (
    <section aria-labelledby="stats-title" className="space-y-4">
      <h2 id="stats-title" className="text-lg font-semibold text-gray-900">
        Registration Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Registrations"
          value={event.maxParticipants ? `${stats.total} / ${event.maxParticipants}` : String(stats.total)}
          hint={stats.remaining === null ? "No participant limit" : `${stats.remaining} places left`}
        />
        <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
          <dt className="text-sm text-gray-500">Capacity</dt>
          <dd className="mt-1 text-xl font-semibold text-gray-900 sm:text-2xl">
            {stats.capacityPercent === null ? "—" : `${stats.capacityPercent}%`}
          </dd>
          {stats.capacityPercent === null ? null : (
            // The bar inside the dd: a dd given another role breaks the list's dt/dd structure (axe).
            <dd className="mt-2">
              <div
                className="h-2 overflow-hidden rounded-full bg-gray-200"
                role="progressbar"
                aria-label="Capacity used"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={stats.capacityPercent}
              >
                <div
                  className="h-full rounded-full bg-brand"
                  style={{ width: `${stats.capacityPercent}%` }}
                />
              </div>
            </dd>
          )}
        </div>
        <Stat
          label="Total Collected"
          value={formatRupees(stats.totalCollected)}
          hint={`${stats.paid} paid`}
        />
        <Stat
          label="Pending Amount"
          value={formatRupees(stats.pendingAmount)}
          hint={`${stats.pending} pending`}
        />
      </dl>

      <Card padding="none">
        <div className="flex flex-col gap-3 border-b border-gray-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <h3 className="font-semibold text-gray-900">Participants</h3>
          <Form method="get" role="search" onSubmit={(e) => e.preventDefault()} className="w-full sm:w-72">
            <label htmlFor="participant-search" className="sr-only">
              Search participants
            </label>
            <input
              id="participant-search"
              name="q"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search by username or email"
              className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-accent focus:outline-none focus:ring-2 focus:ring-brand-accent/30"
            />
          </Form>
        </div>
        {shown.length === 0 ? (
          <p className="p-6 text-center text-sm text-gray-600">
            {registrations.length === 0 ? "No registrations yet." : "No participants match your search."}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Participant
                  </th>
                  <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                    Email
                  </th>
                  <th scope="col" className="hidden px-4 py-2 sm:table-cell">
                    Registered
                  </th>
                  <th scope="col" className="px-4 py-2 text-right sm:text-left">
                    Payment
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {shown.map((r) => (
                  <tr key={r.id}>
                    <td className="px-4 py-2">
                      <div className="flex items-center gap-2">
                        <Avatar name={r.user.username} src={r.user.profileImageUrl} />
                        <div className="min-w-0">
                          <p className="font-medium text-gray-900">{r.user.username}</p>
                          <p className="break-all text-xs text-gray-500 sm:hidden">{r.user.email}</p>
                          <p className="text-xs text-gray-500 sm:hidden">
                            Registered {dates.date(r.registrationDate)}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="hidden px-4 py-2 text-gray-700 sm:table-cell">{r.user.email}</td>
                    <td className="hidden whitespace-nowrap px-4 py-2 text-gray-700 sm:table-cell">
                      {dates.date(r.registrationDate)}
                    </td>
                    <td className="px-4 py-2 text-right sm:text-left">
                      <PaymentBadge status={r.paymentStatus} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <RemoveParticipant registration={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="border-t border-gray-200 px-4 py-2 text-xs text-gray-500">
          Showing {shown.length} of {registrations.length}
        </p>
      </Card>
    </section>
  );
}

/**
 * The member's cancellation: a disclosure (works without JavaScript, keyboard
 * native) naming the event and the refund by its rule, with a plain form.
 */
function CancelRegistration({ event, quote }: { event: EventView; quote: CancellationQuote }) {
  const refundText =
    quote.refund > 0
      ? `You will be refunded ${formatRupees(quote.refund)}${quote.percent < 100 ? ` (${quote.percent}% of ${formatRupees(quote.paid)})` : ""}.`
      : quote.paid > 0
        ? "By the event's refund rule, no refund is due now."
        : "Nothing has been paid, so there is nothing to refund.";
  return (
    <details className="rounded-lg border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-red-700">Cancel registration</summary>
      <div className="mt-3 space-y-3 text-sm text-gray-700">
        <p>
          Cancel your registration for <strong>{quote.eventTitle}</strong>? Your place goes to the next person
          on the waitlist.
        </p>
        <p data-testid="refund-quote" className="font-medium text-gray-900">
          {refundText}
        </p>
        <Form method="post" action={`/events/${event.id}/cancel`}>
          <Button type="submit" variant="danger" size="sm" className="inline-flex items-center">
            Yes, cancel my registration
          </Button>
        </Form>
      </div>
    </details>
  );
}

function WaitlistStatus({ event, place }: { event: EventView; place: WaitlistPlace }) {
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p className="text-gray-900" data-testid="waitlist-place">
        You are on the waitlist: <strong>{`number ${place.position} in line`}</strong>. We will e-mail you if
        a place frees up.
      </p>
      <Form method="post" action={`/events/${event.id}/waitlist`}>
        <input type="hidden" name="intent" value="leave" />
        <Button type="submit" variant="secondary" size="sm" className="inline-flex items-center">
          Leave the waitlist
        </Button>
      </Form>
    </div>
  );
}

/** The paid member's ticket: the QR code (an opaque code, not the id) and the code to type if scanning fails. */
function Ticket({ checkIn }: { checkIn: OwnCheckIn }) {
  const dates = useDates();
  return (
    <figure className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4">
      <div
        role="img"
        aria-label={`Check-in QR code ${checkIn.code}`}
        data-testid="check-in-qr"
        className="h-40 w-40 shrink-0 [&>svg]:h-full [&>svg]:w-full"
        dangerouslySetInnerHTML={{ __html: checkIn.qr }}
      />
      <figcaption className="text-sm text-gray-700">
        Show this at the start. Check-in code:{" "}
        <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-base tracking-wider text-gray-900">
          {checkIn.code}
        </code>
        {checkIn.checkedInAt ? (
          <span className="mt-1 block font-medium text-green-800">
            Checked in {dates.date(checkIn.checkedInAt)}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function YourRegistration({
  event,
  own,
  canRegister,
  quote,
  waitlist,
  checkIn,
}: {
  event: EventView;
  own: OwnRegistration | null;
  canRegister: boolean;
  quote: CancellationQuote | null;
  waitlist: WaitlistPlace | null;
  checkIn: OwnCheckIn | null;
}) {
  const dates = useDates();
  return (
    <Card aria-labelledby="your-registration" as="section" padding="none" className="p-5">
      <h2 id="your-registration" className="text-lg font-semibold text-gray-900">
        Your Registration
      </h2>
      {own ? (
        <div className="mt-3 space-y-3">
          <dl className="grid grid-cols-[auto,1fr] items-center gap-x-6 gap-y-2 text-sm">
            <dt className="text-gray-500">Registration date</dt>
            <dd className="text-gray-900">{dates.date(own.registrationDate)}</dd>
            <dt className="text-gray-500">Payment status</dt>
            <dd>
              <PaymentBadge status={own.paymentStatus} />
            </dd>
          </dl>
          {own.paymentStatus === "pending" ? (
            <Link to={`/events/${event.id}/payment`} className={primary}>
              Complete Payment
            </Link>
          ) : null}
          {checkIn ? <Ticket checkIn={checkIn} /> : null}
          {quote && canRegister && !checkIn?.checkedInAt ? (
            <CancelRegistration event={event} quote={quote} />
          ) : null}
        </div>
      ) : waitlist && waitlist.status === "waiting" ? (
        <WaitlistStatus event={event} place={waitlist} />
      ) : (
        <p className="mt-2 text-sm text-gray-600">
          {canRegister
            ? "You have not registered for this event yet."
            : "You did not register for this event."}
        </p>
      )}
    </Card>
  );
}

export function EventDetailPage({ data }: { data: EventDetailData }) {
  const { event, isAdmin, registrations, own } = data;
  const past = new Date(event.date) < new Date(data.now);
  const canRegister = event.isActive && !past && !event.cancelledAt;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <BackToEvents />
      <Card as="article" padding="none" className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="min-w-0 break-words text-2xl font-bold text-gray-900">{event.title}</h1>
          <div className="flex gap-1.5">
            <EventStateBadge state={eventState(event, new Date(data.now))} />
            {event.isActive ? null : <ActiveBadge active={false} />}
          </div>
        </div>
        <p className="mt-3 whitespace-pre-line text-gray-700">{event.description}</p>
        <div className="mt-5">
          <EventFacts event={event} />
        </div>
        {event.fee > 0 ? <p className="mt-4 text-sm text-gray-600">{data.refundRule}</p> : null}
        <p className="mt-4">
          <a
            href={`/events/${event.id}/calendar`}
            download
            className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
          >
            <span aria-hidden="true" className="flex w-5 justify-center">
              <CalendarIcon />
            </span>
            Add to calendar
          </a>
        </p>
        {event.cancelledAt ? (
          <p className="mt-4 font-medium text-red-800">This event has been cancelled.</p>
        ) : null}
        {canRegister && !data.signedIn ? (
          <div className="mt-6">
            <SignInToRegister eventId={event.id} />
          </div>
        ) : canRegister && !own && !isAdmin && !data.waitlist ? (
          <Link to={`/events/${event.id}/register`} className={`${primary} mt-4`}>
            {data.full ? "Join waitlist" : "Register Now"}
          </Link>
        ) : null}
      </Card>
      {isAdmin && registrations ? (
        <>
          <div className="flex flex-wrap gap-3">
            <Link to={`/admin/events/${event.id}/check-in`} className={primary}>
              Check-in
            </Link>
            <a
              href={`/admin/events/${event.id}/participants.csv`}
              className={buttonClass({ variant: "secondary", className: "inline-flex items-center text-sm" })}
            >
              Participants CSV
            </a>
            <a
              href={`/admin/events/${event.id}/payments.csv`}
              className={buttonClass({ variant: "secondary", className: "inline-flex items-center text-sm" })}
            >
              Payments summary CSV
            </a>
          </div>
          <AdminRegistrations event={event} registrations={registrations} q={data.q} />
          {data.money && data.summary ? <AdminMoney summary={data.summary} money={data.money} /> : null}
          {data.waitlistEntries ? <AdminWaitlist entries={data.waitlistEntries} /> : null}
          {!past ? <CancelEvent event={event} /> : null}
        </>
      ) : data.signedIn ? (
        <YourRegistration
          event={event}
          own={own}
          canRegister={canRegister}
          quote={data.quote}
          waitlist={data.waitlist}
          checkIn={data.checkIn}
        />
      ) : null}
    </main>
  );
}
