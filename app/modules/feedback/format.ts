/**
 * Feedback dates in en-US (spec: dates in en-US format), in India time: the
 * community's clock, and the same text on the server and in the browser.
 */
const TIME_ZONE = "Asia/Kolkata";

export const feedbackDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    timeZone: TIME_ZONE,
    month: "short",
    day: "numeric",
    year: "numeric",
  });

export const feedbackDateTime = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { timeZone: TIME_ZONE, month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" })} IST`;
