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
