import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once React runs in the browser; true from the
 * first render for a component mounted after the page hydrated (a navigation, a revalidation).
 * Its own module: pages without charts (`/auth`'s tabs) need it without lazy-chart.tsx.
 *
 * After hydration the switch to true is a transition: React renders it in its own time-sliced
 * tasks, together with root.tsx's, before `<html data-hydrated>` is set. (`useSyncExternalStore`
 * with a server snapshot of false made React re-render every user synchronously inside the task
 * that runs the hydration's effects, and made that task long: issue #17, decision 028.)
 * Not for a component inside a `<Suspense>` whose server HTML hydrates after the page.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(documentHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * True once the page has hydrated (root.tsx marks `<html data-hydrated>` once the renders that
 * follow hydration are done): a component that reads it while rendering knows whether it is being
 * hydrated (false) or was mounted later by a navigation or a revalidation (true). False on the server.
 */
export function documentHydrated(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true";
}
