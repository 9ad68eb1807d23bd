// Integration tests inside workerd (@cloudflare/vitest-pool-workers): the real
// Worker from workers/app.ts with its D1, KV, R2 and queue bindings from
// wrangler.toml, a fresh D1 with the migrations applied, and the provider
// fakes started once on the Node side (tests/integration/global-setup.ts).
// Requires `npm run build` first (the Worker imports the Remix server build).
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));
  return {
    // Each checkout its own pre-bundle (worktrees sharing a node_modules would otherwise rebuild it under each other).
    cacheDir: path.join(import.meta.dirname, ".cache/vite-integration"),
    plugins: [
      tsconfigPaths(),
      cloudflareTest(async ({ inject }) => {
        const fakesUrl = inject("fakesUrl");
        return {
          main: "./workers/app.ts",
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: migrations,
              FAKES_URL: fakesUrl,
              APP_URL: "http://localhost:8787",
              SESSION_SECRET: "test-session-secret",
              PASSWORD_PEPPER: "test-pepper",
              TOKEN_ENCRYPTION_KEY: "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=",
              ENABLE_TEST_PAGES: "1",
              // Production's limit, whatever a local .dev.vars says (tests that register use their own CF-Connecting-IP).
              REGISTER_LIMIT_PER_HOUR: "5",
              // The weekly digest off in the cron runs of other files (they run at the real clock, and a
              // digest would land in their members' mailboxes); admin.test.ts drives it with its own clock.
              DIGEST_BATCHES_PER_RUN: "0",
              STRAVA_CLIENT_ID: "12345",
              STRAVA_CLIENT_SECRET: "fake-strava-secret",
              STRAVA_WEBHOOK_VERIFY_TOKEN: "fake-verify-token",
              STRAVA_WEBHOOK_PATH_SECRET: "test-webhook-path-secret",
              STRAVA_WEBHOOK_SUBSCRIPTION_ID: "1",
              STRAVA_OAUTH_URL: `${fakesUrl}/strava/oauth`,
              STRAVA_API_URL: `${fakesUrl}/strava/api/v3`,
              GOOGLE_CLIENT_ID: "fake-google-client.apps.googleusercontent.com",
              GOOGLE_CLIENT_SECRET: "fake-google-secret",
              GOOGLE_AUTH_URL: `${fakesUrl}/google/authorize`,
              GOOGLE_TOKEN_URL: `${fakesUrl}/google/token`,
              GOOGLE_USERINFO_URL: `${fakesUrl}/google/userinfo`,
              RAZORPAY_KEY_ID: "rzp_test_fake",
              RAZORPAY_KEY_SECRET: "fake-razorpay-secret",
              RAZORPAY_WEBHOOK_SECRET: "fake-razorpay-webhook-secret",
              RAZORPAY_API_URL: `${fakesUrl}/razorpay/v1`,
              RAZORPAY_CHECKOUT_URL: `${fakesUrl}/razorpay/checkout.js`,
              EMAIL_API_URL: `${fakesUrl}/email`,
              EMAIL_API_KEY: "fake-email-key",
              VAPID_PUBLIC_KEY:
                "BGZDKCHoPfru6lZfGzoCFOKglBUIUiZM50XIZSxgTMLLzSgyk9gV6m9Vr9mlTyG23iRi9FmppBTC0pJT4MXRan0",
              VAPID_PRIVATE_KEY: "SYlOx0wQYAbx7FXbBNM-HwVoAbeEXS17QcYSAEef1Ws",
              VAPID_SUBJECT: "mailto:push@cyclewari.test",
              // Not wrangler.toml's default, so a test can tell the pages read the setting.
              SUPPORT_EMAIL: "help@cyclewari.test",
            },
          },
        };
      }),
    ],
    test: {
      include: ["tests/integration/**/*.test.ts"],
      // One provider-fakes process serves every file: run files one at a time
      // so one file's injected faults and limits never reach another.
      fileParallelism: false,
      testTimeout: 30_000,
      globalSetup: ["tests/integration/global-setup.ts"],
      setupFiles: ["tests/integration/apply-migrations.ts"],
      // Remix's CommonJS packages require each other in a cycle that the
      // workers module fallback cannot resolve; let Vite transform them.
      // The rest are the Worker's other packages: pre-bundled, each is one module
      // instead of hundreds that every test file's fresh workerd would load one by one
      // (drizzle, zod, Headless UI...: 4.8 s → 2.9 s of "setup" a file, 28 Nov 2026).
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "@remix-run/cloudflare",
              "@remix-run/server-runtime",
              "@remix-run/react",
              "react",
              "react-dom",
              "react-dom/server",
              "react/jsx-runtime",
              "remix-auth",
              "remix-auth-oauth2",
              "arctic",
              "drizzle-orm",
              "drizzle-orm/sqlite-core",
              "drizzle-orm/d1",
              "zod",
              "@headlessui/react",
              "@conform-to/react",
              "@conform-to/zod",
              "fflate",
              "uqr",
              "isbot",
              "@garmin/fitsdk",
            ],
          },
        },
      },
    },
  };
});
