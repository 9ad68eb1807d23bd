/**
 * The wari module's public components: other modules import them from here,
 * never from its components/ folder (eslint.config.js and
 * tests/unit/module-boundaries.test.ts enforce it). Routes may use either.
 */
export { FitnessChart } from "./components/fitness-chart";
export type { FitnessChart as FitnessChartData } from "./training-load.server";
