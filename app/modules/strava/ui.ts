/**
 * The strava module's public components: other modules import them from here,
 * never from its components/ folder (eslint.config.js and
 * tests/unit/module-boundaries.test.ts enforce it). Routes may use either.
 */
export { ConnectReturnNotice } from "./components/connect-return-notice";
export { HintWaitNotice, StravaConnectButton, SyncBanner } from "./components/strava-panel";
export { StravaSettingsSection } from "./components/disconnect";
