// Remix plugin options (future flags, ignored route files). vite.config.ts
// imports this object and passes it to the Remix Vite plugin, so the options
// live in one place that tools and people expect to find.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ["**/*.css", "**/*.test.{ts,tsx}", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
