/**
 * Wari tab (issue #38): the club's editions of the annual ride, newest first,
 * with their registrations; create and edit (conform + the API's zod schema),
 * open or close registration, delete. Each edition links to its results page.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import {
  CLUB_TIME_ZONE,
  formatDateTime,
  formatInt,
  formatKm,
  longDate,
  toIndiaLocalInput,
} from "~/lib/format";
import { Card } from "~/ui/card";
import { ErrorList, Field } from "~/ui/form";
import type { AdminEditionView } from "~/modules/wari/editions.server";
import { editionSchema } from "~/modules/wari/schema";
import {
  btnPrimary,
  btnSecondary,
  DeleteWithConfirm,
  FetcherMark,
  inputClass,
  LoadFailed,
  Modal,
  useAdminFetcher,
} from "./shared";

const istDateTime = (iso: string) => `${formatDateTime(iso, CLUB_TIME_ZONE)} IST`;

function EditionForm({ edition, onDone }: { edition: AdminEditionView | null; onDone: () => void }) {
  // Field messages (a past day, a second edition for the year) show at their fields, not in a toast.
  const fetcher = useAdminFetcher(undefined, { inlineFieldErrors: true });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const server = result && !result.ok ? result.errors : undefined;
  useEffect(() => {
    if (result?.ok) onDone();
  }, [result, onDone]);
  const [form, fields] = useForm({
    id: `edition-form-${edition?.year ?? "new"}`,
    constraint: getZodConstraint(editionSchema),
    defaultValue: edition
      ? {
          year: String(edition.year),
          name: edition.name,
          date: edition.rideDate,
          distanceKm: String(edition.distanceKm),
          startPlace: edition.startPlace ?? "",
          description: edition.description ?? "",
          registrationOpensAt: edition.registrationOpensAt
            ? toIndiaLocalInput(edition.registrationOpensAt)
            : "",
          registrationClosesAt: edition.registrationClosesAt
            ? toIndiaLocalInput(edition.registrationClosesAt)
            : "",
        }
      : { distanceKm: "250" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editionSchema }),
  });
  const errors = (name: keyof typeof fields) => fields[name].errors ?? server?.[name];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FetcherMark />
      <input type="hidden" name="intent" value={edition ? "update-edition" : "create-edition"} />
      {edition ? (
        <input type="hidden" name="year" value={edition.year} />
      ) : (
        <Field
          label="Year"
          errors={errors("year")}
          inputProps={{ ...getInputProps(fields.year, { type: "number" }), inputMode: "numeric" }}
        />
      )}
      <Field label="Name" errors={errors("name")} inputProps={getInputProps(fields.name, { type: "text" })} />
      <Field
        label="Ride day (in India)"
        errors={errors("date")}
        inputProps={getInputProps(fields.date, { type: "date" })}
      />
      <Field
        label="Distance (km)"
        errors={errors("distanceKm")}
        inputProps={{ ...getInputProps(fields.distanceKm, { type: "number" }), step: 1, min: 1 }}
      />
      <div className="sm:col-span-2">
        <Field
          label="Start place (optional)"
          errors={errors("startPlace")}
          inputProps={getInputProps(fields.startPlace, { type: "text" })}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fields.description.id} className="block text-sm font-medium text-gray-800">
          Description (optional)
        </label>
        <textarea {...getTextareaProps(fields.description)} rows={2} className={inputClass} />
        <ErrorList id={fields.description.errorId} errors={errors("description")} />
      </div>
      <Field
        label="Registration opens (IST, optional)"
        errors={errors("registrationOpensAt")}
        hint="Empty: open from now."
        inputProps={getInputProps(fields.registrationOpensAt, { type: "datetime-local" })}
      />
      <Field
        label="Registration closes (IST, optional)"
        errors={errors("registrationClosesAt")}
        hint="Empty: at the start of the ride day."
        inputProps={getInputProps(fields.registrationClosesAt, { type: "datetime-local" })}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <button type="button" className={btnSecondary} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={btnPrimary} disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : edition ? "Save Changes" : "Create Edition"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function EditionDialog({
  edition,
  trigger,
}: {
  edition?: AdminEditionView;
  trigger: (open: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      {trigger(() => setOpen(true))}
      <Modal open={open} onClose={close} title={edition ? `Edit ${edition.name}` : "Create New Edition"} wide>
        <EditionForm edition={edition ?? null} onDone={close} />
      </Modal>
    </>
  );
}

function RegistrationSwitch({ edition }: { edition: AdminEditionView }) {
  const fetcher = useAdminFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("value") === "true" : null;
  const open = pending ?? edition.registrationOpen;
  return (
    <fetcher.Form method="post">
      <FetcherMark />
      <input type="hidden" name="intent" value="edition-registration" />
      <input type="hidden" name="year" value={edition.year} />
      <input type="hidden" name="value" value={String(!open)} />
      <button type="submit" className={btnSecondary} disabled={fetcher.state !== "idle"}>
        {open ? "Close registration" : "Open registration"}
      </button>
    </fetcher.Form>
  );
}

function registrationWindow(edition: AdminEditionView) {
  const until = `until ${istDateTime(edition.registrationClosesEffective)}`;
  return edition.registrationOpensAt
    ? `From ${istDateTime(edition.registrationOpensAt)} ${until}`
    : `Open ${until}`;
}

function EditionCard({ edition }: { edition: AdminEditionView }) {
  const past = edition.mode === "results";
  const items = [
    ["Ride day", longDate(edition.rideDate)],
    ["Distance", formatKm(edition.distanceKm)],
    ["Registrations", formatInt(edition.registrations)],
  ] as const;
  return (
    <Card as="article" padding="none" className="flex flex-col p-4" data-testid={`edition-${edition.year}`}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">
          <Link to={`/admin/wari/${edition.year}`} className="hover:underline">
            {edition.name}
          </Link>
        </h3>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${edition.registrationOpen ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-700"}`}
        >
          {past ? "Past" : edition.registrationOpen ? "Registration open" : "Registration closed"}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt className="text-gray-500">{term}</dt>
            <dd className="text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-gray-600">{past ? "The ride is over." : registrationWindow(edition)}</p>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {past ? null : <RegistrationSwitch edition={edition} />}
        <EditionDialog
          edition={edition}
          trigger={(open) => (
            <button type="button" className={btnSecondary} onClick={open} aria-label={`Edit ${edition.name}`}>
              Edit
            </button>
          )}
        />
        <DeleteWithConfirm
          name={edition.name}
          title="Delete edition"
          question="Are you sure you want to delete this edition? An edition with registrations cannot be deleted."
          intent="delete-edition"
          idName="year"
          id={edition.year}
        />
        <Link
          to={`/admin/wari/${edition.year}`}
          className="ml-auto text-sm font-medium text-brand hover:underline"
          aria-label={`Results of ${edition.name}`}
        >
          Results
        </Link>
      </div>
    </Card>
  );
}

export function WariTab({ editions }: { editions: AdminEditionView[] | null }) {
  if (editions === null) return <LoadFailed what="Wari editions" tab="wari" />;
  return (
    <section aria-label="Wari editions" className="space-y-4">
      <EditionDialog
        trigger={(open) => (
          <button type="button" className={btnPrimary} onClick={open}>
            Create New Edition
          </button>
        )}
      />
      {editions.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
          No editions yet. Create the first one.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {editions.map((e) => (
            <EditionCard key={e.year} edition={e} />
          ))}
        </div>
      )}
    </section>
  );
}
