/**
 * Credentials the provider fakes accept. Read from the environment; the
 * defaults match the app's `.dev.vars` so both sides agree out of the box.
 */
export const CONFIG_DEFAULTS = {
  STRAVA_CLIENT_ID: "12345",
  STRAVA_CLIENT_SECRET: "fake-strava-secret",
  STRAVA_WEBHOOK_VERIFY_TOKEN: "fake-verify-token",
  GOOGLE_CLIENT_ID: "fake-google-client.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "fake-google-secret",
  RAZORPAY_KEY_ID: "rzp_test_fake",
  RAZORPAY_KEY_SECRET: "fake-razorpay-secret",
  RAZORPAY_WEBHOOK_SECRET: "fake-razorpay-webhook-secret",
  EMAIL_API_KEY: "fake-email-key",
} as const;

export type ConfigKey = keyof typeof CONFIG_DEFAULTS;
export type FakesConfig = Readonly<Record<ConfigKey, string>>;

const CONFIG_KEYS = Object.keys(CONFIG_DEFAULTS) as ConfigKey[];

/** Environment values win over defaults; explicit overrides win over both. */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  overrides: Partial<FakesConfig> = {},
): FakesConfig {
  const config = {} as Record<ConfigKey, string>;
  for (const key of CONFIG_KEYS) {
    config[key] = overrides[key] ?? (env[key] || CONFIG_DEFAULTS[key]);
  }
  return config;
}
