/**
 * An event as an iCalendar file (RFC 5545): CRLF line ends, lines folded at
 * 75 octets, text escaped, UID stable per event (so a second import updates
 * the first), DTSTAMP the time the file was made. Only public event data.
 */
export interface CalendarEvent {
  id: number;
  title: string;
  description: string;
  location: string;
  date: string | Date;
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
const escapeText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts toward their 75.
    if (size + n > 75) {
      parts.push(current);
      current = ` ${ch}`;
      size = 1 + n;
    } else {
      current += ch;
      size += n;
    }
  }
  parts.push(current);
  return parts.join("\r\n");
}

export function eventIcs(event: CalendarEvent, appUrl: string, now: Date): string {
  const origin = appUrl.replace(/\/$/, "");
  const host = new URL(origin).host;
  const url = `${origin}/events/${event.id}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//CycleWari Community//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:event-${event.id}@${host}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(new Date(event.date))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(`${event.description}\n\n${url}`)}`,
    `URL:${url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The file name offered for download: the title's letters and digits. */
export const icsFileName = (title: string) =>
  `${
    title
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "event"
  }.ics`;
