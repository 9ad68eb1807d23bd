// Vite config for `remix vite:build` and `remix vite:dev`.
// The Remix plugin options (future flags, ignoredRouteFiles) live in
// remix.config.js, imported below, so there is one place to change them.
import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";
import { getLoadContext } from "./workers/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Browser build: React (react-dom and its scheduler) and the router stack (Remix, React Router,
 * turbo-stream) are chunks of their own, which change only when those packages are upgraded, so
 * a deploy of app code leaves ~83 KB (gzip) cached for a returning member (issue #17).
 */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /\/node_modules\/(react|react-dom|scheduler)\//,
  // @remix-run/server-runtime too: @remix-run/react's single-fetch imports a symbol from it, and
  // left in `shell` it made the chunks import each other (Rollup's "Circular chunk" warning).
  router:
    /\/node_modules\/(@remix-run\/react|@remix-run\/router|@remix-run\/server-runtime|react-router|react-router-dom|turbo-stream)\//,
};

/**
 * The Remix v2 Vite plugin makes every route a client entry, so a resource route (loader/action
 * only: the /api routes, the CSV and calendar exports) leaves an empty chunk and one "Generated an
 * empty chunk" warning each. Known and harmless: remix-run/remix#9055, closed unfixed when v2 gave
 * way to React Router v7. Only that warning is dropped; every other one is printed.
 */
const onwarn: NonNullable<Rollup.RollupOptions["onwarn"]> = (warning, warn) => {
  if (warning.code === "EMPTY_BUNDLE") return;
  warn(warning);
};

type ModuleInfo = { importedIds: readonly string[] } | null;
/**
 * What the root route imports, directly or not (header, footer, toast, error boundary…): every
 * page that hydrates runs it, so it is one chunk, not a request per small module (issue #17).
 * Returns a lookup that walks the module graph once per build.
 */
function shellModules(): (id: string, getModuleInfo: (id: string) => ModuleInfo) => boolean {
  let shell: Set<string> | undefined;
  return (id, getModuleInfo) => {
    if (!shell) {
      const root = new URL("./app/root.tsx", import.meta.url).pathname;
      const seen = new Set<string>();
      const queue = [...(getModuleInfo(root)?.importedIds ?? [])];
      while (queue.length) {
        const next = queue.pop()!;
        if (seen.has(next) || next.includes("?")) continue;
        seen.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
      shell = seen;
    }
    return shell.has(id);
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const inShell = shellModules();
  return {
    plugins: [cloudflareDevProxyVitePlugin({ getLoadContext }), remix(remixConfig), tsconfigPaths()],
    ssr: {
      resolve: {
        conditions: ["workerd", "worker", "browser"],
        externalConditions: ["workerd", "worker"],
      },
    },
    resolve: {
      mainFields: ["browser", "module", "main"],
    },
    build: {
      minify: true,
      // No gzip size per file in the build report: it costs build time and `npm run bench` measures
      // what a page loads (firstLoadJsByPage).
      reportCompressedSize: false,
      // ApexCharts (~580 KB raw) is one chunk, loaded only when a chart comes near the viewport.
      chunkSizeWarningLimit: 600,
      // Server build: packages stay imports (external) that wrangler bundles. Rollup's default
      // repeats a chunk's package imports in each chunk that imports it as bare `import "pkg"`
      // lines (for load order in a browser); esbuild then drops each with an "ignored-bare-import"
      // warning, since the packages say "sideEffects": false. Browser build: React and the router
      // stack in chunks of their own (VENDOR_CHUNKS), and what the root route imports in one
      // "shell" chunk (fewer requests on every page).
      rollupOptions: isSsrBuild
        ? { onwarn, output: { hoistTransitiveImports: false } }
        : {
            onwarn,
            output: {
              manualChunks: (id, { getModuleInfo }) =>
                Object.keys(VENDOR_CHUNKS).find((name) => VENDOR_CHUNKS[name]!.test(id)) ??
                (inShell(id, getModuleInfo) ? "shell" : undefined),
            },
          },
    },
  };
});
