/**
 * The privacy module's public components: other modules import them from here,
 * never from its components/ folder. Routes may use either.
 */
export { SharingChoice } from "./components/sharing-choice";
