/** Pieces every admin tab uses: dialogs, the fetcher toast, buttons and the tab bar. */
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/charts/lazy-chart";
import { Modal } from "~/ui/modal";
import { useToast } from "~/ui/toast";
import type { AdminActionResult } from "../page.server";
import { buttonClass } from "~/ui/button";

const btn = "inline-flex items-center justify-center gap-1 disabled:cursor-not-allowed disabled:opacity-60";
export const btnPrimary = buttonClass({ size: "sm", className: btn });
export const btnSecondary = buttonClass({ variant: "secondary", size: "sm", className: btn });
export const btnDanger = buttonClass({ variant: "danger", size: "sm", className: btn });
export const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-brand-accent focus:outline-none focus:ring-2 focus:ring-brand-accent/30 aria-[invalid=true]:border-red-500";

/** Whether a failed answer carries messages for the form's fields. */
export const hasFieldErrors = (result: AdminActionResult | undefined) =>
  Boolean(result && !result.ok && Object.values(result.errors ?? {}).some((list) => list.length > 0));

/**
 * A fetcher posting to /admin whose answer is shown as a toast (success or
 * failure). With `inlineFieldErrors`, a failure that names fields is not
 * toasted: the form shows those messages next to the fields, once. With
 * `inlineFailures`, no failure is toasted: the dialog shows it itself.
 */
export function useAdminFetcher(key?: string, { inlineFieldErrors = false, inlineFailures = false } = {}) {
  const fetcher = useFetcher<AdminActionResult>(key ? { key } : undefined);
  const toast = useToast();
  const shown = useRef<AdminActionResult | undefined>(undefined);
  useEffect(() => {
    // Shown as soon as the action answers (while the page revalidates), so a
    // form whose row disappears with the change still gets its toast.
    const result = fetcher.data;
    if (!result || shown.current === result) return;
    shown.current = result;
    if (!result.ok && (inlineFailures || (inlineFieldErrors && hasFieldErrors(result)))) return;
    toast({
      title: result.title,
      description: result.message || undefined,
      variant: result.ok ? "success" : "destructive",
    });
  }, [fetcher.data, toast, inlineFieldErrors, inlineFailures]);
  return fetcher;
}

/**
 * Marks a form as posted by a fetcher, so the action answers data instead of
 * redirecting. Rendered only once hydrated: without JavaScript the same form
 * is a plain post, answered with a redirect back and a toast.
 */
export function FetcherMark() {
  return useHydrated() ? <input type="hidden" name="_fetcher" value="1" /> : null;
}

// The dialog moved to ~/ui/modal (the events page uses it too); admin tabs keep importing it from here.
export { Modal };

export function TabBar<T extends string>({
  tabs,
  current,
  hrefFor,
  label,
}: {
  tabs: readonly { id: T; label: string }[];
  current: T;
  hrefFor: (tab: T) => string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 rounded-lg bg-gray-100 p-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={hrefFor(tab.id)}
              aria-current={tab.id === current ? "page" : undefined}
              preventScrollReset
              className={`block rounded-md px-3 py-2 text-sm font-medium ${tab.id === current ? "bg-white text-brand shadow" : "text-gray-700 hover:bg-white/70"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tab whose data did not load: the error and a Retry that loads the tab again (with or without JavaScript). */
export function LoadFailed({ what, tab }: { what: string; tab: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <span>Failed to load {what}.</span>
      <Form method="get" action="/admin">
        <input type="hidden" name="tab" value={tab} />
        <button type="submit" className={btnSecondary}>
          Retry
        </button>
      </Form>
    </div>
  );
}

/** An Activate/Deactivate button posting `intent` for one record; the card shows `active` (optimistic while it posts). */
export function useActiveToggle(current: boolean) {
  const fetcher = useAdminFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("value") === "true" : null;
  const active = pending ?? current;
  const button = ({ intent, idName, id }: { intent: string; idName: string; id: number }) => (
    <fetcher.Form method="post">
      <FetcherMark />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <input type="hidden" name="value" value={String(!active)} />
      <button type="submit" className={btnSecondary} disabled={fetcher.state !== "idle"}>
        {active ? "Deactivate" : "Activate"}
      </button>
    </fetcher.Form>
  );
  return { active, button };
}

/** A Delete button that asks first (`question`, the spec's wording, about the record called `name`) and posts `intent` for one record. */
export function DeleteWithConfirm({
  title,
  question,
  name,
  intent,
  idName,
  id,
}: {
  title: string;
  question: string;
  name: string;
  intent: string;
  idName: string;
  id: number;
}) {
  const remove = useAdminFetcher();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${btnSecondary} text-red-700`}
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={title}>
        <p className="text-sm text-gray-700">{question}</p>
        <p className="mt-2 break-words rounded-md bg-gray-50 px-3 py-2 font-semibold text-gray-900">{name}</p>
        <remove.Form
          method="post"
          className="mt-5 flex justify-end gap-2"
          onSubmit={() => setConfirming(false)}
        >
          <FetcherMark />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name={idName} value={id} />
          <button type="button" className={btnSecondary} onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button type="submit" className={btnDanger}>
            Delete
          </button>
        </remove.Form>
      </Modal>
    </>
  );
}
