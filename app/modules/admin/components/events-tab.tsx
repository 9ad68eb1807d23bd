/** Events tab: cards with an active switch, Edit (the events module's dialog) and Delete with the spec's confirmation. */
import { Link } from "@remix-run/react";
import { useState } from "react";
import type { EventView } from "~/modules/events/events.server";
import { EventFormDialog, EventStateBadge, eventState } from "~/modules/events/ui";
import { ActiveBadge } from "~/modules/challenges/ui";
import { formatFee, plural } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { DELETE_CONFIRM } from "~/modules/events/schema";
import { btnPrimary, btnSecondary, DeleteWithConfirm, LoadFailed, useActiveToggle } from "./shared";
import { Card } from "~/ui/card";

export function CreateEventButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={btnPrimary} onClick={() => setOpen(true)}>
        Create New Event
      </button>
      <EventFormDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function EventCard({ event }: { event: EventView }) {
  const dates = useDates();
  const toggle = useActiveToggle(event.isActive);
  const [editing, setEditing] = useState(false);
  return (
    <Card as="article" padding="none" className="flex flex-col p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">
          <Link to={`/events/${event.id}`} className="hover:underline">
            {event.title}
          </Link>
        </h3>
        <div className="flex gap-1.5">
          <EventStateBadge state={eventState(event, new Date())} />
          {toggle.active ? null : <ActiveBadge active={false} />}
        </div>
      </div>
      <p className="mt-1 text-sm text-gray-600">{dates.event(event.date)}</p>
      <p className="text-sm text-gray-600">{event.location}</p>
      <p className="mt-2 text-sm text-gray-900">
        {formatFee(event.fee)}
        {event.maxParticipants ? ` · Limited to ${plural(event.maxParticipants, "participant")}` : ""}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {toggle.button({ intent: "event-active", idName: "eventId", id: event.id })}
        <button type="button" className={btnSecondary} onClick={() => setEditing(true)}>
          Edit
        </button>
        <DeleteWithConfirm
          name={event.title}
          title="Delete event"
          question={DELETE_CONFIRM}
          intent="delete-event"
          idName="eventId"
          id={event.id}
        />
      </div>
      <EventFormDialog open={editing} event={event} onClose={() => setEditing(false)} />
    </Card>
  );
}

export function EventsTab({ events }: { events: EventView[] | null }) {
  if (events === null) return <LoadFailed what="events" tab="events" />;
  if (events.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
        No events yet. Create the first one.
      </p>
    );
  return (
    <section aria-label="Events" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((e) => (
        <EventCard key={e.id} event={e} />
      ))}
    </section>
  );
}
