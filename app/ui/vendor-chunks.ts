/**
 * The browser build's vendor chunks, in the order the page evaluates them (issue #17, decision
 * 028): React (react-dom and its scheduler) first, then the router stack, which imports it. Each
 * is about half of the one shared chunk they made. `vite.config.ts` puts each package in its
 * chunk; the scripts' loader (`app/ui/deferred-scripts.tsx`) imports them one per task before
 * Remix's module script, so no single task links and runs ~260 KB of JavaScript.
 */
export const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /\/node_modules\/(react|react-dom|scheduler)\//,
  router:
    /\/node_modules\/(@remix-run\/react|@remix-run\/router|react-router|react-router-dom|turbo-stream)\//,
};
