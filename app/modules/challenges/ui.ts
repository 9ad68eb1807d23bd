/**
 * The challenges module's public components: other modules import them from here,
 * never from its components/ folder (eslint.config.js and
 * tests/unit/module-boundaries.test.ts enforce it). Routes may use either.
 */
export { ActiveBadge, MedalIcon, SPORT_LABELS } from "./components/challenge-ui";
