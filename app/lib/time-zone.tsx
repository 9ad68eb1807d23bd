/**
 * The time zone a page's dates and times are written in (decision 035): decided once per
 * request by the root loader (timeZoneOf below), handed to every component through
 * this context, so the server's HTML and the browser's hydration format each instant
 * the same way whatever the browser's own clock says.
 */
import { createContext, useContext, useEffect, type ReactNode } from "react";
import {
  browserTimeZone,
  CLUB_TIME_ZONE,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatEventDate,
  formatTime,
  isTimeZone,
} from "~/lib/format";

/** The cookie the browser sets with its own zone; the next request's pages use it. */
export const TIME_ZONE_COOKIE = "tz";

/**
 * The request's zone (decision 042): the signed-in member's own setting, else the `tz`
 * cookie the browser set, else the club's (India time). A name the runtime does not
 * know counts as none.
 */
export function timeZoneOf(request: Request, member?: { timeZone: string | null } | null): string {
  if (member?.timeZone && isTimeZone(member.timeZone)) return member.timeZone;
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.match(/(?:^|;\s*)tz=([^;]*)/);
  if (!match?.[1]) return CLUB_TIME_ZONE;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]);
  } catch {
    return CLUB_TIME_ZONE;
  }
  return isTimeZone(zone) ? zone : CLUB_TIME_ZONE;
}

/** The zone of text written for one member outside a page (an /api message): their setting, else the club's. */
export const memberTimeZone = (member: { timeZone: string | null }): string =>
  member.timeZone && isTimeZone(member.timeZone) ? member.timeZone : CLUB_TIME_ZONE;

const TimeZoneContext = createContext(CLUB_TIME_ZONE);

export function TimeZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

/** The zone to pass to formatDate / formatTime / formatDateTime / formatEventDate in a component. */
export const useTimeZone = () => useContext(TimeZoneContext);

/**
 * After the page is interactive, remembers the browser's zone in the `tz` cookie when it
 * differs from the one the page was written in, so the next page is in the member's own
 * clock. Never re-renders the current page (no flash).
 */
export function useRememberBrowserTimeZone(zone: string, hydrated: boolean) {
  useEffect(() => {
    if (!hydrated) return;
    const timer = setTimeout(() => {
      // Once per tab session: asking the browser its zone loads ICU's data (decision 028).
      try {
        if (sessionStorage.getItem("tz-checked")) return;
        sessionStorage.setItem("tz-checked", "1");
      } catch {
        // Storage blocked: check every page then.
      }
      // Chromium names India time by its older alias, Asia/Calcutta: the same clock.
      const browser = browserTimeZone()?.replace(/^Asia\/Calcutta$/, CLUB_TIME_ZONE);
      if (!browser || browser === zone || !isTimeZone(browser)) return;
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browser)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }, 1000);
    return () => clearTimeout(timer);
  }, [zone, hydrated]);
}

/** The request's date formatters, bound to its zone: `const dates = useDates(); dates.date(iso)`. */
export function useDates() {
  const zone = useTimeZone();
  return {
    zone,
    /** "28 Nov 2026". */
    date: (iso: string | Date) => formatDate(iso, zone),
    /** "6:30 am IST". */
    time: (iso: string | Date) => formatTime(iso, zone),
    /** "28 Nov 2026, 6:30 am IST". */
    dateTime: (iso: string | Date) => formatDateTime(iso, zone),
    /** "1–30 Nov 2026", inclusive. */
    range: (start: string | Date, end: string | Date) => formatDateRange(start, end, zone),
    /** The spec's event date: "June 7, 2025 at 6:30 AM IST". */
    event: (iso: string | Date) => formatEventDate(iso, zone),
  };
}
