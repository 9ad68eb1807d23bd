// Vite config for `remix vite:build` and `remix vite:dev`.
// The Remix plugin options (future flags, ignoredRouteFiles) live in
// remix.config.js, imported below, so there is one place to change them.
import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";
import { getLoadContext } from "./workers/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
  },
});
