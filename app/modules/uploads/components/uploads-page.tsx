/**
 * /activities/upload: upload FIT/GPX/TCX files or Strava's archive, add an
 * activity by hand, and follow each upload's result. Plain forms work
 * without JavaScript; with it, each file posts to /api/uploads with its own
 * progress bar, and the list refreshes while anything is still being read.
 */
import { Form, Link, useActionData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Alert, Field, SelectField } from "~/ui/form";
import { CLUB_TIME_ZONE, formatDuration, formatMetresAsKm, sportName, toLocalInput } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { MANUAL_SPORTS } from "../schema";
import type { ManualView } from "../manual.server";
import type { UploadActionData } from "../page.server";
import type { UploadView } from "../uploads.server";

const ACCEPT = ".fit,.gpx,.tcx,.csv,.zip";
const POLL_MS = 2000;

/** A file sent from this page: its progress, then the upload the server made of it (or why it refused it). */
interface Sending {
  key: string;
  name: string;
  progress: number;
  state: "uploading" | "accepted" | "refused";
  /** The upload's id once the server took the file: its result comes from the page's list. */
  uploadId?: number;
  message?: string;
}

const STATUS_TEXT: Record<UploadView["status"], string> = {
  queued: "Reading…",
  saved: "Saved",
  duplicate: "Duplicate",
  refused: "Refused",
};
const STATUS_TONE: Record<UploadView["status"], string> = {
  queued: "bg-blue-100 text-blue-900",
  saved: "bg-green-100 text-green-900",
  duplicate: "bg-amber-100 text-amber-900",
  refused: "bg-red-100 text-red-900",
};

/**
 * The badge and message of an upload's result. A saved file whose activity a
 * later Strava sync replaced says so instead of "Saved"; an archive says how
 * many of its activities Strava replaced.
 */
export function uploadResult(u: UploadView): { label: string; tone: string; message: string } {
  const message = u.message && u.message !== STATUS_TEXT[u.status] ? u.message : "";
  if (u.status !== "saved" || u.replaced === 0)
    return { label: STATUS_TEXT[u.status], tone: STATUS_TONE[u.status], message };
  if (u.replaced >= u.saved && u.kind !== "csv" && u.kind !== "zip")
    return {
      label: "Replaced",
      tone: "bg-gray-100 text-gray-800",
      message:
        u.saved === 1
          ? "Replaced by your Strava copy of this activity"
          : "Replaced by your Strava copies of these activities",
    };
  const replaced = `${u.replaced} replaced by your Strava ${u.replaced === 1 ? "copy" : "copies"}`;
  return {
    label: STATUS_TEXT.saved,
    tone: STATUS_TONE.saved,
    message: message ? `${message}; ${replaced}` : replaced,
  };
}

/** POSTs one file to /api/uploads, reporting upload progress (0-100); answers the upload's id or why not. */
function sendFile(
  file: File,
  onProgress: (p: number) => void,
): Promise<{ uploadId?: number; message?: string }> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("files", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let json: { message?: string; uploads?: { id: number }[]; refused?: { message: string }[] } = {};
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status says enough
      }
      const uploadId = xhr.status === 202 ? json.uploads?.[0]?.id : undefined;
      resolve(
        uploadId ? { uploadId } : { message: json.refused?.[0]?.message ?? json.message ?? "Upload failed" },
      );
    };
    xhr.onerror = () => resolve({ message: "Upload failed: the connection was lost" });
    xhr.send(body);
  });
}

/** A progress bar in the brand colour. */
function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="mt-2 h-2 w-full overflow-hidden rounded-full bg-brand-soft"
    >
      <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

const LINK = "font-medium text-brand underline underline-offset-2 hover:text-brand-strong";

/**
 * Where a saved upload's activities are: a file's own activity ("Morning Ride
 * · 23.1 km · 27 Nov 2026"), or the activities list for an archive.
 */
function UploadLink({ upload }: { upload: UploadView }) {
  const dates = useDates();
  const { activity } = upload;
  if (activity)
    return (
      <p className="mt-1 text-sm">
        <Link to={`/activities/${activity.id}`} className={LINK}>
          {`${activity.name} · ${formatMetresAsKm(activity.distance)} · ${dates.date(activity.startDate)}`}
        </Link>
      </p>
    );
  if (upload.status !== "saved" || upload.saved <= upload.replaced) return null;
  return (
    <p className="mt-1 text-sm">
      <Link to="/activities" className={LINK}>
        See them in your activities
      </Link>
    </p>
  );
}

const CARD_TONE = {
  busy: "border-gray-200 bg-white",
  saved: "border-green-300 bg-green-50",
  duplicate: "border-amber-300 bg-amber-50",
  refused: "border-red-300 bg-red-50",
} as const;

/**
 * One file's card under the drop zone: its progress while it travels, then
 * what the server made of it, read from the page's list as the queue
 * finishes: saved (with a link to the activity), a duplicate, or refused in
 * red with the reason.
 */
function SendingCard({ sending, upload }: { sending: Sending; upload: UploadView | undefined }) {
  const refused = sending.state === "refused" || upload?.status === "refused";
  const status = refused ? "refused" : (upload?.status ?? "queued");
  const tone = status === "queued" ? CARD_TONE.busy : CARD_TONE[status];
  const label =
    sending.state === "uploading"
      ? `Sending ${sending.progress}%`
      : upload
        ? uploadResult(upload).label
        : refused
          ? STATUS_TEXT.refused
          : STATUS_TEXT.queued;
  const message = refused
    ? (upload?.message ?? sending.message)
    : upload && upload.status !== "queued"
      ? uploadResult(upload).message
      : "";
  return (
    <li className={`rounded-md border p-3 text-sm ${tone}`} data-status={status}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-gray-900">{sending.name}</span>
        <span
          className={`shrink-0 font-semibold ${
            refused ? "text-red-700" : status === "saved" ? "text-green-800" : "text-gray-700"
          }`}
        >
          {label}
        </span>
      </div>
      {status === "queued" ? (
        <ProgressBar
          value={sending.state === "uploading" ? sending.progress : 100}
          label={`Upload of ${sending.name}`}
        />
      ) : null}
      {message ? <p className={refused ? "mt-1 text-red-700" : "mt-1 text-gray-700"}>{message}</p> : null}
      {upload ? <UploadLink upload={upload} /> : null}
    </li>
  );
}

function UploadForm({
  id,
  title,
  hint,
  multiple,
  uploads,
}: {
  id: string;
  title: string;
  hint: string;
  multiple: boolean;
  /** The member's uploads as the page last loaded them: each sent file's result. */
  uploads: UploadView[];
}) {
  const [sending, setSending] = useState<Sending[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const byId = new Map(uploads.map((u) => [u.id, u]));

  async function send(files: File[]) {
    if (files.length === 0) return;
    const batch = files.map((f, i) => ({
      key: `${Date.now()}-${i}`,
      name: f.name,
      progress: 0,
      state: "uploading" as const,
    }));
    setSending((s) => [...batch, ...s]);
    if (input.current) input.current.value = "";
    await Promise.all(
      files.map(async (file, i) => {
        const key = batch[i]!.key;
        const update = (patch: Partial<Sending>) =>
          setSending((s) => s.map((x) => (x.key === key ? { ...x, ...patch } : x)));
        const result = await sendFile(file, (progress) => update({ progress }));
        update(
          result.uploadId
            ? { progress: 100, state: "accepted", uploadId: result.uploadId }
            : { state: "refused", message: result.message },
        );
      }),
    );
    refresh(revalidator);
  }

  // With JavaScript a file is sent as soon as it is chosen; the form's button is for browsers without.
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0) return; // let the server say what is missing
    e.preventDefault();
    void send(files);
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    void send(multiple ? files : files.slice(0, 1));
  }

  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{hint}</p>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="upload" />
        <label
          htmlFor={`${id}-files`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors focus-within:border-brand-accent focus-within:ring-2 focus-within:ring-brand-accent hover:border-brand-accent hover:bg-brand-tint ${
            dragging ? "border-brand-accent bg-brand-tint" : "border-brand-line bg-white"
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-brand" fill="none">
            <path
              d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="font-semibold text-brand">
            {multiple ? "Choose files or drop them here" : "Choose the file or drop it here"}
          </span>
          <span className="text-gray-600">
            {id === "archive" ? "A ZIP or activities.csv" : "FIT, GPX or TCX"} · sent as soon as you choose
          </span>
          <input
            id={`${id}-files`}
            ref={input}
            type="file"
            name="files"
            accept={id === "archive" ? ".csv,.zip" : ACCEPT}
            multiple={multiple}
            onChange={(e) => void send([...(e.currentTarget.files ?? [])])}
            className="sr-only"
          />
        </label>
        <noscript>
          <Button type="submit" className="w-full sm:w-auto">
            Upload
          </Button>
        </noscript>
      </Form>
      {sending.length ? (
        <ul className="mt-3 space-y-2" aria-label={`Sent: ${title.toLowerCase()}`} aria-live="polite">
          {sending.map((s) => (
            <SendingCard
              key={s.key}
              sending={s}
              upload={s.uploadId === undefined ? undefined : byId.get(s.uploadId)}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** Seconds as the duration field's h:mm:ss. */
function durationText(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** The fields of a manual entry: empty for a new one, filled in to edit one (`entry`). */
function ManualFields({
  errors,
  entry,
}: {
  errors: Record<string, string[]> | undefined;
  entry?: ManualView;
}) {
  const dates = useDates();
  return (
    <>
      <SelectField
        label="Sport"
        errors={errors?.sportType}
        selectProps={{ name: "sportType", required: true, defaultValue: entry?.sportType ?? "Ride" }}
        options={MANUAL_SPORTS.map((s) => ({ value: s, label: s }))}
      />
      <Field
        label="Name (optional)"
        errors={errors?.name}
        inputProps={{ name: "name", maxLength: 100, defaultValue: entry?.name }}
      />
      <Field
        label="Start"
        errors={errors?.start}
        inputProps={{
          name: "start",
          type: "datetime-local",
          required: true,
          // Typed and shown in the page's zone, the one the action reads it in (decision 046).
          defaultValue: entry ? toLocalInput(entry.startDate, dates.zone) : undefined,
        }}
      />
      <Field
        label="Duration"
        hint="Minutes, h:mm or h:mm:ss"
        errors={errors?.duration}
        inputProps={{
          name: "duration",
          required: true,
          placeholder: "1:30",
          inputMode: "numeric",
          defaultValue: entry ? durationText(entry.movingTime) : undefined,
        }}
      />
      <Field
        label="Distance (km)"
        errors={errors?.distanceKm}
        inputProps={{
          name: "distanceKm",
          type: "number",
          min: 0,
          max: 1000,
          step: "0.01",
          inputMode: "decimal",
          defaultValue: entry ? entry.distance / 1000 : undefined,
        }}
      />
      <Field
        label="Elevation gain (m)"
        errors={errors?.elevation}
        inputProps={{
          name: "elevation",
          type: "number",
          min: 0,
          max: 10000,
          step: "1",
          inputMode: "numeric",
          defaultValue: entry ? Math.round(entry.elevationGain) : undefined,
        }}
      />
    </>
  );
}

function ManualForm({ action }: { action: UploadActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "manual";
  const errors = action?.intent === "manual" ? action.fieldErrors : undefined;
  const { zone } = useDates();
  return (
    <Card as="section" aria-labelledby="manual-title">
      <h2 id="manual-title" className="text-lg font-semibold text-gray-900">
        Add an activity by hand
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        For a walk or a ride without a device. Times are{" "}
        <span data-testid="manual-zone">
          {zone === CLUB_TIME_ZONE ? "India time" : `${zone.replace(/_/g, " ")} time`}
        </span>
        .
      </p>
      {action?.intent === "manual" && !errors ? (
        <div className="mt-3">
          <Alert tone="error">{action.message}</Alert>
        </div>
      ) : null}
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="manual" />
        <ManualFields errors={errors} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? "Saving…" : "Save activity"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function UploadList({ uploads }: { uploads: UploadView[] }) {
  if (uploads.length === 0)
    return (
      <p className="text-sm text-gray-600">No uploads yet. Your files and their results will appear here.</p>
    );
  return (
    <ul className="divide-y divide-gray-200" aria-label="Your uploads">
      {uploads.map((u) => (
        <li key={u.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">{u.filename}</p>
            <p className="text-sm text-gray-600">
              <span className={`mr-2 rounded px-2 py-0.5 text-xs font-semibold ${uploadResult(u).tone}`}>
                {uploadResult(u).label}
              </span>
              {uploadResult(u).message}
            </p>
            <UploadLink upload={u} />
          </div>
          <div className="flex shrink-0 gap-2">
            {u.status !== "refused" ? (
              <Button variant="secondary" size="sm" to={`/api/uploads/${u.id}/file`} reloadDocument>
                Download
              </Button>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={u.id} />
              <Button type="submit" variant="danger" size="sm" aria-label={`Delete ${u.filename}`}>
                Delete
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Edit one manual entry: a disclosure (keyboard and no-JavaScript friendly)
 * holding the entry's form, filled in; it stays open showing the errors of a
 * refused edit.
 */
function EditManual({ entry, action }: { entry: ManualView; action: UploadActionData | undefined }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "edit-manual" &&
    navigation.formData?.get("id") === String(entry.id);
  return (
    <details className="text-sm" open={action ? true : undefined}>
      <summary className="cursor-pointer rounded px-2 py-1 font-medium text-blue-800 hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
        Edit<span className="sr-only"> {entry.name}</span>
      </summary>
      {action && !action.fieldErrors ? (
        <div className="mt-2">
          <Alert tone="error">{action.message}</Alert>
        </div>
      ) : null}
      <Form
        method="post"
        className="mt-2 grid gap-3 rounded-md border border-gray-200 p-3 sm:w-[32rem] sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="edit-manual" />
        <input type="hidden" name="id" value={entry.id} />
        <ManualFields errors={action?.fieldErrors} entry={entry} />
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" disabled={busy} aria-label={`Save changes to ${entry.name}`}>
            {busy ? "Saving…" : "Save changes"}
          </Button>
        </div>
      </Form>
    </details>
  );
}

/**
 * The member's manual entries, each with an Edit and a Delete that asks first. The
 * question is a disclosure, so it works by keyboard and without JavaScript.
 */
function ManualList({ entries, action }: { entries: ManualView[]; action: UploadActionData | undefined }) {
  const dates = useDates();
  if (entries.length === 0)
    return (
      <p className="text-sm text-gray-600">No manual entries yet. Activities you add by hand appear here.</p>
    );
  return (
    <ul className="divide-y divide-gray-200" aria-label="Your manual entries">
      {entries.map((a) => (
        <li key={a.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">{a.name}</p>
            <p className="text-sm text-gray-600">
              {sportName(a.sportType)} · {dates.date(a.startDate)} · {formatMetresAsKm(a.distance)} ·{" "}
              {formatDuration(a.movingTime)}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-2 sm:items-end">
            <EditManual
              entry={a}
              action={action?.intent === "edit-manual" && action.id === a.id ? action : undefined}
            />
            <details className="text-sm">
              <summary className="cursor-pointer rounded px-2 py-1 font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600">
                Delete<span className="sr-only"> {a.name}</span>
              </summary>
              <Form method="post" className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
                <p className="text-gray-800">
                  Delete “{a.name}”? It leaves your totals and challenge progress.
                </p>
                <input type="hidden" name="intent" value="delete-manual" />
                <input type="hidden" name="id" value={a.id} />
                <Button type="submit" variant="danger" size="sm" aria-label={`Yes, delete ${a.name}`}>
                  Yes, delete
                </Button>
              </Form>
            </details>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Reloads the page's data. A reload cut short by a navigation rejects with an
 * AbortError; that is expected, not an error to log.
 */
function refresh(revalidator: ReturnType<typeof useRevalidator>) {
  Promise.resolve(revalidator.revalidate()).catch(() => undefined);
}

export function UploadsPage({ data }: { data: { uploads: UploadView[]; manual: ManualView[] } }) {
  const action = useActionData<UploadActionData>();
  const revalidator = useRevalidator();
  const waiting = data.uploads.some((u) => u.status === "queued");
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => revalidator.state === "idle" && refresh(revalidator), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Add activities</h1>
        <p className="mt-1 text-sm text-gray-600">
          Bring activities from a Garmin, Wahoo, Coros or phone file, from your Strava archive, or by hand.
          They count everywhere your Strava activities do, and only you see them.{" "}
          <Link to="/activities" className="underline">
            Back to activities
          </Link>
        </p>
      </div>
      {action && action.intent !== "manual" && action.intent !== "edit-manual" ? (
        <Alert tone="error">{action.message}</Alert>
      ) : null}
      <UploadForm
        id="files"
        title="Upload files"
        hint="FIT, GPX or TCX, up to 25 MB each. The same activity twice (start within 2 minutes, distance within 3 %) is kept once; your Strava version wins."
        multiple
        uploads={data.uploads}
      />
      <UploadForm
        id="archive"
        title="Import your Strava archive"
        hint="In Strava: Settings → My Account → Download or Delete Your Account → Request your archive. Upload the ZIP, or the activities.csv inside it."
        multiple={false}
        uploads={data.uploads}
      />
      <ManualForm action={action} />
      <Card as="section" aria-labelledby="manual-list-title">
        <h2 id="manual-list-title" className="mb-2 text-lg font-semibold text-gray-900">
          Your manual entries
        </h2>
        <ManualList entries={data.manual} action={action} />
      </Card>
      <Card as="section" aria-labelledby="uploads-title">
        <h2 id="uploads-title" className="mb-2 text-lg font-semibold text-gray-900">
          Your uploads
        </h2>
        {waiting ? (
          <p className="mb-2 text-sm text-blue-800" role="status">
            Reading your files…
          </p>
        ) : null}
        <UploadList uploads={data.uploads} />
      </Card>
    </main>
  );
}
