import { Link } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import type { EventView } from "../events.server";
import type { OwnRegistrationMap } from "../registrations.server";
import type { Prefill } from "../registration-page.server";
import { isPaid } from "../schema";
import { ActiveBadge, EventFacts, EventStateBadge, eventState } from "./parts";
import { RegistrationDialog } from "./registration-dialog";
import { Card } from "~/ui/card";
import { buttonClass } from "~/ui/button";

export interface EventsPageData {
  events: EventView[];
  registrations: OwnRegistrationMap;
  prefill: Prefill;
  checkoutUrl: string;
  now: string;
  /** Guests browse read-only: "Sign in to register" in place of the register button. */
  signedIn: boolean;
  /** Ids of the events that are full or have a waitlist (members only). */
  full: number[];
}

const primary = buttonClass({ className: "inline-flex items-center justify-center text-sm" });

/** Register Now / Registered / Registration Pending + Complete Payment. Links work without JavaScript; with it they open the dialog. */
function CardAction({
  event,
  status,
  past,
  onOpen,
  signedIn,
  full,
}: {
  event: EventView;
  status: string | undefined;
  past: boolean;
  onOpen: (e: MouseEvent) => void;
  signedIn: boolean;
  full: boolean;
}) {
  if (status && isPaid(status)) {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-800 ring-1 ring-inset ring-green-200">
        <span aria-hidden="true">✓</span> Registered
      </span>
    );
  }
  if (status) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-inset ring-amber-200">
          Registration Pending
        </span>
        <Link to={`/events/${event.id}/payment`} onClick={onOpen} className={primary}>
          Complete Payment
        </Link>
      </div>
    );
  }
  if (past || !event.isActive) return <span className="text-sm text-gray-500">Registration closed</span>;
  if (!signedIn) return <SignInToRegister eventId={event.id} />;
  // A full event: its own page takes the waitlist form (the quick dialog only registers).
  if (full)
    return (
      <Link to={`/events/${event.id}/register`} className={primary}>
        Join waitlist
      </Link>
    );
  return (
    <Link to={`/events/${event.id}/register`} onClick={onOpen} className={primary}>
      Register Now
    </Link>
  );
}

/** A guest's way in: sign in, then back to the event. */
export function SignInToRegister({ eventId }: { eventId: number }) {
  return (
    <Link to={`/auth?redirectTo=${encodeURIComponent(`/events/${eventId}`)}`} className={primary}>
      Sign in to register
    </Link>
  );
}

function EventCard({
  event,
  status,
  now,
  onOpen,
  signedIn,
  full,
}: {
  event: EventView;
  status: string | undefined;
  now: Date;
  onOpen: (e: MouseEvent) => void;
  signedIn: boolean;
  full: boolean;
}) {
  const past = new Date(event.date) < now;
  return (
    <Card data-testid="event-card" as="li" padding="none" className="flex flex-col p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold text-gray-900">
          <Link to={`/events/${event.id}`} className="hover:text-brand-strong hover:underline">
            {event.title}
          </Link>
        </h2>
        <div className="flex gap-1.5">
          <EventStateBadge state={eventState(event, now)} />
          {event.isActive ? null : <ActiveBadge active={false} />}
        </div>
      </div>
      <p className="mt-2 line-clamp-3 text-sm text-gray-600">{event.description}</p>
      <div className="mt-4">
        <EventFacts event={event} />
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
        <CardAction
          event={event}
          status={status}
          past={past}
          onOpen={onOpen}
          signedIn={signedIn}
          full={full}
        />
        <Link to={`/events/${event.id}`} className="text-sm font-medium text-brand hover:underline">
          View Details<span className="sr-only"> of {event.title}</span>
        </Link>
      </div>
    </Card>
  );
}

export function EventsPage({ data }: { data: EventsPageData }) {
  const [open, setOpen] = useState<EventView | null>(null);
  const now = new Date(data.now);
  const upcoming = data.events.filter((e) => new Date(e.date) >= now);
  const past = data.events.filter((e) => new Date(e.date) < now).reverse();
  const opener = (event: EventView) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setOpen(event);
  };
  const list = (events: EventView[]) => (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((e) => (
        <EventCard
          key={e.id}
          event={e}
          status={data.registrations[e.id]?.paymentStatus}
          now={now}
          onOpen={opener(e)}
          signedIn={data.signedIn}
          full={data.full.includes(e.id)}
        />
      ))}
    </ul>
  );
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Upcoming Events</h1>
        <p className="mt-1 text-gray-600">
          Rides, runs and hikes with the community. Register and pay online to hold your place.
        </p>
      </div>
      {upcoming.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
          No upcoming events right now. Check back soon!
        </p>
      ) : (
        list(upcoming)
      )}
      {past.length > 0 ? (
        <section aria-labelledby="past-events" className="space-y-4">
          <h2 id="past-events" className="text-lg font-semibold text-gray-900">
            Past Events
          </h2>
          {list(past)}
        </section>
      ) : null}
      {open ? (
        <RegistrationDialog
          key={open.id}
          event={open}
          prefill={data.registrations[open.id] ?? data.prefill}
          checkoutUrl={data.checkoutUrl}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </main>
  );
}
