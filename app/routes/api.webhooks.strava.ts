import { webhookNotFound } from "~/modules/strava/webhook.server";

/** The old, guessable callback path: Strava events are taken only at /api/webhooks/strava/<secret> (404 here). */
export const loader = () => webhookNotFound();
export const action = () => webhookNotFound();
