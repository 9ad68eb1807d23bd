/**
 * The data-rights sections of /profile-settings: "Download my data" (a plain
 * link to the ZIP) and the danger zone "Delete my account", whose button opens
 * a confirmation dialog; without JavaScript the same button is a link to the
 * confirmation page /profile-settings/delete-account with the same form.
 */
import { Form, Link, useFetcher } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { formatRupees } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Alert, Field, SubmitButton } from "~/ui/form";
import { Modal } from "~/ui/modal";
import type { PaidPlace } from "../deletion.server";
import type { AccountSectionData, DeleteReply } from "../page.server";
import { ACCOUNT_MSG, DELETE_ACCOUNT_PATH, EXPORT_PATH } from "../schema";

export function DataRightsSections({ section }: { section: AccountSectionData }) {
  return (
    <>
      <DownloadDataSection />
      <DeleteAccountSection section={section} />
    </>
  );
}

function DownloadDataSection() {
  return (
    <Card as="section" aria-labelledby="download-data-title">
      <h2 id="download-data-title" className="text-lg font-semibold text-gray-900">
        Download my data
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        One ZIP file with everything the app holds about you: your profile, activities, challenge
        participations, event registrations and payments, feedback with its screenshots, your Wari
        registration, plan and progress, recommendations, fitness profile and event history. It holds{" "}
        <code>data.json</code> (all of it) and a CSV file per table that opens in any spreadsheet.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button to={EXPORT_PATH} reloadDocument download>
          Download my data (ZIP)
        </Button>
        <a
          href={`${EXPORT_PATH}?format=json`}
          download
          className="text-sm font-medium text-brand hover:underline"
        >
          JSON only
        </a>
      </div>
    </Card>
  );
}

/** What deletion removes and what it keeps (shown in the danger zone, the dialog and the page). */
function WhatDeletionDoes() {
  return (
    <div className="space-y-2 text-sm text-gray-700">
      <p>
        This deletes your account and your personal data for good: profile, activities, challenge
        participations, event registrations, feedback and its screenshots, Wari plan, recommendations and
        fitness profile. If Strava is connected, the app's access to it is revoked. You are signed out on
        every device.
      </p>
      <p>
        <strong>What we keep:</strong> payment records for accounting, without your name (amount, date, the
        payment's Razorpay ids and the event it paid for). Accounting law requires them; nothing links them to
        you any more.
      </p>
      <p>
        Want a copy first? Use <em>Download my data</em> above before you delete.
      </p>
    </div>
  );
}

function DeleteAccountSection({ section }: { section: AccountSectionData }) {
  const [open, setOpen] = useState(false);
  return (
    <Card as="section" aria-labelledby="danger-zone-title" className="border-red-200">
      <h2 id="danger-zone-title" className="text-lg font-semibold text-red-800">
        Danger zone
      </h2>
      <h3 className="mt-3 font-semibold text-gray-900">Delete my account</h3>
      <div className="mt-2">
        <WhatDeletionDoes />
      </div>
      <div className="mt-4">
        {/* Without JavaScript the link opens the confirmation page; with it, the dialog. */}
        <Button
          to={DELETE_ACCOUNT_PATH}
          variant="danger"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          Delete my account…
        </Button>
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title="Delete your account?">
        <DeleteAccountDialogBody section={section} onCancel={() => setOpen(false)} />
      </Modal>
    </Card>
  );
}

function DeleteAccountDialogBody({
  section,
  onCancel,
}: {
  section: AccountSectionData;
  onCancel: () => void;
}) {
  const fetcher = useFetcher<DeleteReply>();
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        This cannot be undone. Your personal data is deleted and you are signed out everywhere;{" "}
        <strong>payment records are kept for accounting, without your name.</strong>
      </p>
      <DeleteAccountForm
        section={section}
        reply={fetcher.data}
        pending={fetcher.state !== "idle"}
        FormTag={fetcher.Form as FormTagType}
        cancel={
          <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
            Cancel
          </Button>
        }
      />
    </div>
  );
}

/**
 * Paid places in upcoming events (decision 031): named with what each one
 * refunds now, and a box the member ticks to cancel them before the deletion.
 */
function PaidPlacesWarning({ places, refused }: { places: PaidPlace[]; refused: boolean }) {
  const dates = useDates();
  const one = places.length === 1;
  return (
    <div className="space-y-3" data-testid="paid-places-warning">
      <Alert
        tone="warning"
        title={one ? "You have a paid place in an upcoming event" : "You have paid places in upcoming events"}
      >
        <p>
          Deleting your account cancels {one ? "this registration" : "these registrations"} first. The refund
          follows each event&apos;s refund rule and goes to the account you paid from (usually 5-7 working
          days).
        </p>
        <ul className="mt-2 space-y-2">
          {places.map((place) => (
            <li key={place.eventId} className="rounded border border-amber-200 bg-white/60 p-2">
              <span className="block font-semibold break-words">{place.title}</span>
              <span className="block">{dates.event(place.date)}</span>
              <span className="block">
                Paid {formatRupees(place.paid)}:{" "}
                {place.refund > 0 ? (
                  <strong>
                    refund {formatRupees(place.refund)}
                    {place.percent < 100 ? ` (${place.percent}%)` : " (full)"}
                  </strong>
                ) : (
                  <strong>no refund under the event&apos;s rule</strong>
                )}
              </span>
            </li>
          ))}
        </ul>
      </Alert>
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          name="cancelPaidPlaces"
          required
          aria-invalid={refused || undefined}
          aria-describedby={refused ? "paid-places-error" : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-400 text-red-700 focus:ring-red-700"
        />
        <span>{ACCOUNT_MSG.paidPlacesConfirm}</span>
      </label>
      {refused ? (
        <p id="paid-places-error" className="text-sm font-medium text-red-700">
          {ACCOUNT_MSG.paidPlaces}
        </p>
      ) : null}
    </div>
  );
}

/** Remix's `Form` (the page) or a fetcher's (the dialog). */
type FormTagType = typeof Form;

/** The confirmation: the password, or a recent sign-in for accounts without one. */
function DeleteAccountForm({
  section,
  reply,
  pending,
  FormTag,
  cancel,
}: {
  section: AccountSectionData;
  reply: DeleteReply | undefined;
  pending: boolean;
  FormTag: FormTagType;
  cancel: ReactNode;
}) {
  if (section.lastAdmin)
    return (
      <div className="space-y-3">
        <Alert tone="warning" title="You are the only admin">
          Make another member an admin first, so the club keeps someone who can manage it. Then you can delete
          your account.
        </Alert>
        {cancel}
      </div>
    );

  const needsSignIn =
    reply?.code === "reauthentication_required" ||
    (section.confirmation === "fresh-sign-in" && !section.freshSignIn);
  if (needsSignIn)
    return (
      <FormTag method="post" action={DELETE_ACCOUNT_PATH} className="space-y-3">
        <Alert tone="warning" title="Please sign in again first">
          Your account has no password, so we confirm it is you with a fresh sign-in (Google or Strava) within
          the last {section.freshMinutes} minutes. After signing in, come back to Profile settings.
        </Alert>
        <input type="hidden" name="intent" value="reauth" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {cancel}
          <SubmitButton pending={pending} pendingText="Signing out…" className="sm:w-auto">
            Sign out and sign in again
          </SubmitButton>
        </div>
      </FormTag>
    );

  const refusedForPlaces = reply?.code === "paid_places";
  const places = reply?.places ?? section.paidPlaces;
  const passwordErrors =
    reply && !refusedForPlaces && section.confirmation === "password" ? [reply.message] : undefined;
  return (
    <FormTag method="post" action={DELETE_ACCOUNT_PATH} className="space-y-3">
      <input type="hidden" name="intent" value="delete" />
      {reply && !passwordErrors && !refusedForPlaces ? <Alert tone="error">{reply.message}</Alert> : null}
      {places.length > 0 ? <PaidPlacesWarning places={places} refused={refusedForPlaces} /> : null}
      {section.confirmation === "password" ? (
        <Field
          label="Your current password"
          errors={passwordErrors}
          inputProps={{
            name: "password",
            type: "password",
            autoComplete: "current-password",
            required: true,
            maxLength: 128,
          }}
        />
      ) : (
        <p className="text-sm text-gray-700">You signed in recently, so no password is needed.</p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" variant="danger" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Deleting…" : "Delete my account permanently"}
        </Button>
      </div>
    </FormTag>
  );
}

/** /profile-settings/delete-account: the same confirmation as a page (no JavaScript needed). */
export function DeleteAccountPage({
  section,
  reply,
}: {
  section: AccountSectionData;
  reply: DeleteReply | undefined;
}) {
  return (
    <main className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Delete my account</h1>
      <Card className="space-y-4 border-red-200">
        <WhatDeletionDoes />
        <DeleteAccountForm
          section={section}
          reply={reply}
          pending={false}
          FormTag={Form}
          cancel={
            <Button to="/profile-settings" variant="secondary" className="text-center">
              Cancel
            </Button>
          }
        />
      </Card>
      <p className="text-sm text-gray-600">
        Need a copy first?{" "}
        <Link to="/profile-settings" className="font-medium text-brand hover:underline">
          Download my data
        </Link>{" "}
        in your profile settings.
      </p>
    </main>
  );
}
