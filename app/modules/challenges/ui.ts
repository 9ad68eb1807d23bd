/**
 * The challenges module's public components: other modules import them from here,
 * never from its components/ folder (eslint.config.js and
 * tests/unit/module-boundaries.test.ts enforce it). Routes may use either.
 */
export { ActiveBadge, SPORT_LABELS } from "./components/challenge-ui";
export { MedalIcon } from "./components/medal-icon";
