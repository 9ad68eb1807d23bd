/** Dates and numbers of the /wari page, en-US, in UTC (plan dates are calendar days). */

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const shortFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

export const longDate = (iso: string) => dateFormat.format(new Date(iso));
export const shortDate = (iso: string) => shortFormat.format(new Date(iso));
export const dateTime = (iso: string) => `${dateTimeFormat.format(new Date(iso))} UTC`;

export function formatKm(km: number): string {
  return km.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

export function formatMinutes(minutes: number): string {
  if (minutes <= 0) return "—";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
}
