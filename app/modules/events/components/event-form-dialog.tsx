/**
 * The admin's create / edit event dialog (Headless UI), self-contained for the
 * admin Events tab and the header's 'Create New Event'.
 *
 * Usage:
 *   const [editing, setEditing] = useState<EventView | null>(null);
 *   <EventFormDialog open={open} onClose={() => setOpen(false)} />            // create
 *   <EventFormDialog open={!!editing} event={editing} onClose={…} />          // edit
 *
 * It posts a form (fields title, description, date as datetime-local in India
 * time, location, fee in rupees, maxParticipants, isActive, plus intent =
 * create | update and id) with a fetcher to `action` — by default the /events
 * route's action, which is `adminEventAction` from ../page.server; an admin
 * route may export its own action that calls `adminEventAction` and pass its
 * path. The fields are checked in the browser and on the server with the
 * spec's messages ('Title is required', 'Fee must be positive', …). On success
 * it shows the spec's toast ('Event created successfully' / 'Event updated
 * successfully'), closes, and the page's loaders are revalidated by Remix; on
 * failure the toast is 'Failed to create event' / 'Failed to update event'
 * with the server's message.
 */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ErrorList, Field, SubmitButton } from "~/ui/form";
import { useToast } from "~/ui/toast";
import type { EventView } from "../events.server";
import { toIndiaLocalInput } from "~/lib/format";
import type { AdminEventActionData } from "../admin-page.server";
import { EVENT_TOASTS, eventFormSchema } from "../schema";
import { Button } from "~/ui/button";

/** A new event's refund rule until the admin changes it (the columns' defaults, migration 0010). */
const REFUND_DEFAULTS = { refundFullDays: "7", refundPartialPercent: "50", refundPartialDays: "1" };

export interface EventFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The event to edit; absent (or null) to create one. */
  event?: EventView | null;
  /** Where the form posts; its action must call adminEventAction. Default: the /events route. */
  action?: string;
  /** Called after a successful save, after the toast. */
  onSaved?: () => void;
}

export function EventFormDialog({
  open,
  onClose,
  event,
  action = "/events?index",
  onSaved,
}: EventFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40 overflow-y-auto">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="relative flex min-h-screen items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl sm:p-6">
          <DialogTitle className="text-lg font-semibold text-gray-900">
            {event ? "Edit Event" : "Create New Event"}
          </DialogTitle>
          {/* Mounted only while open, so every opening starts from the event's values. */}
          <EventForm
            key={event?.id ?? "new"}
            event={event ?? null}
            action={action}
            onClose={onClose}
            onSaved={onSaved}
          />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function EventForm({
  event,
  action,
  onClose,
  onSaved,
}: {
  event: EventView | null;
  action: string;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const fetcher = useFetcher<AdminEventActionData>();
  const toast = useToast();
  const intent = event ? "update" : "create";
  const [form, fields] = useForm({
    id: `event-form-${event?.id ?? "new"}`,
    lastResult: fetcher.data?.ok === false ? fetcher.data.result : undefined,
    constraint: getZodConstraint(eventFormSchema),
    defaultValue: event
      ? {
          title: event.title,
          description: event.description,
          date: toIndiaLocalInput(event.date),
          location: event.location,
          fee: (event.fee / 100).toFixed(2),
          maxParticipants: event.maxParticipants ? String(event.maxParticipants) : "",
          isActive: event.isActive ? "on" : undefined,
          refundFullDays: String(event.refundFullDays),
          refundPartialPercent: String(event.refundPartialPercent),
          refundPartialDays: String(event.refundPartialDays),
        }
      : { isActive: "on", fee: "0.00", ...REFUND_DEFAULTS },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventFormSchema }),
  });

  const after = useRef({ onClose, onSaved });
  after.current = { onClose, onSaved };
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) {
      toast({ ...(event ? EVENT_TOASTS.updated : EVENT_TOASTS.created), variant: "success" });
      after.current.onSaved?.();
      after.current.onClose();
    } else if (!answer.result?.error) {
      toast({
        ...(event ? EVENT_TOASTS.updateFailed : EVENT_TOASTS.createFailed),
        description: answer.message,
        variant: "destructive",
      });
    }
  }, [fetcher.data, toast, event]);

  const { key: activeKey, ...isActive } = getInputProps(fields.isActive, { type: "checkbox" });
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <Field
        label="Title"
        errors={fields.title.errors}
        inputProps={getInputProps(fields.title, { type: "text" })}
      />
      <div>
        <label htmlFor={fields.description.id} className="block text-sm font-medium text-gray-800">
          Description
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={3}
          className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-brand-accent focus:outline-none focus:ring-2 focus:ring-brand-accent/30 aria-[invalid=true]:border-red-500"
        />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date and time (IST)"
          errors={fields.date.errors}
          inputProps={getInputProps(fields.date, { type: "datetime-local" })}
        />
        <Field
          label="Location"
          errors={fields.location.errors}
          inputProps={getInputProps(fields.location, { type: "text" })}
        />
        <Field
          label="Fee (₹)"
          errors={fields.fee.errors}
          inputProps={{
            ...getInputProps(fields.fee, { type: "number" }),
            step: "0.01",
            min: 0,
            inputMode: "decimal",
          }}
        />
        <Field
          label="Max participants"
          errors={fields.maxParticipants.errors}
          hint="Leave empty for no limit."
          inputProps={{ ...getInputProps(fields.maxParticipants, { type: "number" }), step: 1, min: 1 }}
        />
      </div>
      <fieldset className="rounded-md border border-gray-200 p-3">
        <legend className="px-1 text-sm font-medium text-gray-800">Refund rule</legend>
        <p className="text-xs text-gray-600">
          Full refund until the first number of days before the event, then the partial refund until the
          second number of days, then none.
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          <Field
            label="Full refund until (days before)"
            errors={fields.refundFullDays.errors}
            inputProps={{
              ...getInputProps(fields.refundFullDays, { type: "number" }),
              step: 1,
              min: 0,
              max: 365,
            }}
          />
          <Field
            label="Partial refund (%)"
            errors={fields.refundPartialPercent.errors}
            inputProps={{
              ...getInputProps(fields.refundPartialPercent, { type: "number" }),
              step: 1,
              min: 0,
              max: 100,
            }}
          />
          <Field
            label="Partial refund until (days before)"
            errors={fields.refundPartialDays.errors}
            inputProps={{
              ...getInputProps(fields.refundPartialDays, { type: "number" }),
              step: 1,
              min: 0,
              max: 365,
            }}
          />
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input
          key={activeKey}
          {...isActive}
          className="h-4 w-4 rounded border-gray-300 text-brand focus:ring-brand-accent"
        />
        Active (members can see and register)
      </label>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          onClick={onClose}
          variant="secondary"
          size="none"
          className="px-4 py-2 font-medium"
        >
          Cancel
        </Button>
        <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving..." className="sm:w-auto">
          {event ? "Update Event" : "Create Event"}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
