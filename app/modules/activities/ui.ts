/**
 * The activities module's public components: other modules import them from here,
 * never from its components/ folder (eslint.config.js and
 * tests/unit/module-boundaries.test.ts enforce it). Routes may use either.
 */
export { ActivityRow, SOURCE_LABELS } from "./components/activity-row";
export { isSportTab, SportStats } from "./components/sport-stats";
export { CHART_TYPES, TimelineCard, type ChartType } from "./components/timeline-card";
export { SportIcon } from "./components/sport-icon";
