import { useSyncExternalStore } from "react";

const noop = () => () => {};
/**
 * False on the server and during hydration, true once React runs in the browser.
 * Its own module: pages without charts (`/auth`'s tabs) need it without lazy-chart.tsx.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/**
 * True once the page has hydrated (root.tsx marks `<html data-hydrated>` in its first effect):
 * a component that reads it while rendering knows whether it is being hydrated (false) or
 * was mounted later by a navigation or a revalidation (true). False on the server.
 */
export function documentHydrated(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true";
}
