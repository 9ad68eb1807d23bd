/**
 * The events module's public components: other modules import them from here,
 * never from its components/ folder (eslint.config.js and
 * tests/unit/module-boundaries.test.ts enforce it). Routes may use either.
 */
export { EventFormDialog } from "./components/event-form-dialog";
export { EventStateBadge, eventState } from "./components/parts";
