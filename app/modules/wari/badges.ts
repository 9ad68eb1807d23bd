/**
 * The Wari finisher badges other modules show (the dashboard, the profile):
 * public like ui.ts, but apart from it, so a page showing badges does not
 * carry the fitness chart ui.ts exports into its bundle.
 */
export { FinisherBadges } from "./components/results";
