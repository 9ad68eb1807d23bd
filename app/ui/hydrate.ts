import type { UIMatch } from "@remix-run/react";

/**
 * A route may say it needs no React for some data: `handle = { hydrate: (data) => boolean }`.
 * When any matched route says false, the server sends the page without Remix's scripts,
 * with only app/ui/static-page.js (issue #17: the visitors' landing page runs no React).
 * In the browser it is always true: a page the browser hydrates was sent with its scripts,
 * and a client-side navigation keeps them.
 */
export interface HydrateHandle {
  hydrate?: (data: unknown) => boolean;
}

export function wantsReact(matches: UIMatch[]): boolean {
  if (typeof document !== "undefined") return true;
  return wantsReactFor(matches);
}

/** Whether every matched route (its handle and loader data) wants React on the page. */
function wantsReactFor(matches: { handle?: unknown; data?: unknown }[]): boolean {
  return matches.every((m) => {
    const hydrate = (m.handle as HydrateHandle | undefined)?.hydrate;
    return typeof hydrate !== "function" || hydrate(m.data);
  });
}
