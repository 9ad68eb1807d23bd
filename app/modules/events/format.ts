/**
 * Event display formats: the date as 'MMMM d, yyyy at h:mm a' in India time
 * (the community's clock; the same text on the server and in the browser) and
 * fees in rupees with 2 decimals.
 */
export { formatRupees } from "~/modules/activities/format";

const TIME_ZONE = "Asia/Kolkata";

const dateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  month: "long",
  day: "numeric",
  year: "numeric",
});
const timeParts = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "June 7, 2025 at 6:30 AM". */
export function formatEventDate(iso: string | Date): string {
  const date = new Date(iso);
  return `${dateParts.format(date)} at ${timeParts.format(date).replace(/\u202f/g, " ")}`;
}

/** "June 7, 2025". */
export const formatDay = (iso: string | Date) => dateParts.format(new Date(iso));

/** A Date as the value of a datetime-local input, in India time ("2025-06-07T06:30"). */
export function toIndiaLocalInput(iso: string | Date): string {
  const shifted = new Date(new Date(iso).getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local value typed in India time → the instant (ISO). */
export function fromIndiaLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(`${value.slice(0, 16)}:00+05:30`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
