/**
 * /admin/events/{id}/check-in, made for a phone at the start line: scan the
 * member's QR code with the camera (qr-scanner, loaded only when the admin
 * starts the camera), or type the code, or find them in the list. Every
 * path is a plain form post too, so it works without JavaScript.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { CheckInList } from "../check-in.server";
import type { CheckInActionData } from "../admin-page.server";
import { useDates } from "~/lib/time-zone";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";

type Scanner = { start(): Promise<void>; stop(): void; destroy(): void };

function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<"off" | "loading" | "on" | "error">("off");
  const [error, setError] = useState("");

  useEffect(() => () => scanner.current?.destroy(), []);

  async function start() {
    setState("loading");
    try {
      const { default: QrScanner } = await import("qr-scanner");
      if (!(await QrScanner.hasCamera())) throw new Error("No camera found");
      scanner.current?.destroy();
      const instance = new QrScanner(
        video.current!,
        (result) => {
          const now = Date.now();
          // The same code stays in view for a while: send it once, not every frame.
          if (last.current && last.current.code === result.data && now - last.current.at < 4000) return;
          last.current = { code: result.data, at: now };
          onCodeRef.current(result.data);
        },
        { returnDetailedScanResult: true, highlightScanRegion: true, preferredCamera: "environment" },
      );
      scanner.current = instance;
      await instance.start();
      setState("on");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState("error");
    }
  }

  function stop() {
    scanner.current?.stop();
    setState("off");
  }

  return (
    <div className="space-y-3">
      <div className={state === "on" ? "overflow-hidden rounded-lg bg-black" : "hidden"}>
        <video ref={video} className="aspect-square w-full object-cover" muted playsInline />
      </div>
      {state === "on" ? (
        <Button type="button" variant="secondary" onClick={stop} className="w-full">
          Stop camera
        </Button>
      ) : (
        <Button type="button" onClick={() => void start()} disabled={state === "loading"} className="w-full">
          {state === "loading" ? "Starting camera…" : "Scan with camera"}
        </Button>
      )}
      {state === "error" ? (
        <p role="alert" className="text-sm text-red-700">
          Camera not available ({error}). Type the code or find the participant below.
        </p>
      ) : null}
    </div>
  );
}

export function CheckInPage({
  data,
  answer: pageAnswer,
}: {
  data: CheckInList;
  answer: CheckInActionData | undefined;
}) {
  const dates = useDates();
  const fetcher = useFetcher<CheckInActionData>();
  const answer = fetcher.data ?? pageAnswer;
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? data.participants.filter((p) =>
        [p.name, p.username, p.email, p.phone].some((v) => v.toLowerCase().includes(needle)),
      )
    : data.participants;
  const busy = fetcher.state !== "idle";
  return (
    <main className="mx-auto max-w-xl space-y-5 px-4 py-6">
      <Link to={`/events/${data.event.id}`} className="text-sm font-medium text-brand hover:underline">
        <span aria-hidden="true">←</span> Back to the event
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Check-in</h1>
        <p className="text-gray-700">
          {data.event.title} · {dates.event(data.event.date)}
        </p>
        <p className="mt-1 text-lg font-semibold text-gray-900" data-testid="arrived">
          {`${data.arrived} of ${data.participants.length} arrived`}
        </p>
      </div>

      <div aria-live="polite">
        {answer ? (
          <p
            role={answer.ok ? "status" : "alert"}
            className={`rounded-lg p-3 text-base font-semibold ${answer.ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          >
            {answer.message}
          </p>
        ) : null}
      </div>

      <Card as="section" padding="none" className="space-y-4 p-4">
        <CameraScanner onCode={(code) => fetcher.submit({ code }, { method: "post" })} />
        <fetcher.Form method="post" className="flex gap-2">
          <label htmlFor="check-in-code" className="sr-only">
            Check-in code
          </label>
          <input
            id="check-in-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="Type the check-in code"
            className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 font-mono uppercase tracking-wider"
          />
          <Button type="submit" disabled={busy}>
            Check in
          </Button>
        </fetcher.Form>
      </Card>

      <Card as="section" padding="none" aria-labelledby="participants-title">
        <div className="space-y-2 border-b border-gray-200 p-4">
          <h2 id="participants-title" className="font-semibold text-gray-900">
            Participants
          </h2>
          <label htmlFor="check-in-search" className="sr-only">
            Search participants
          </label>
          <input
            id="check-in-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search by name, e-mail or phone"
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </div>
        {data.participants.length === 0 ? (
          <p className="p-4 text-sm text-gray-600">No paid registrations yet.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {shown.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-900">{p.name}</p>
                  <p className="truncate text-xs text-gray-500">
                    {p.username} · {p.phone}
                  </p>
                </div>
                {p.checkedInAt ? (
                  <span className="shrink-0 text-sm font-medium text-green-800">✓ Arrived</span>
                ) : (
                  <fetcher.Form method="post" className="shrink-0">
                    <input type="hidden" name="registrationId" value={p.id} />
                    <Button type="submit" size="sm" variant="secondary" aria-label={`Check in ${p.name}`}>
                      Check in
                    </Button>
                  </fetcher.Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </main>
  );
}
