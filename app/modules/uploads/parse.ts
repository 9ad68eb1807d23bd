/** Which parser a file goes to (by its extension) and the one entry point the queue consumer calls. */
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";
import { activitiesCsvFromZip, parseActivitiesCsv } from "./parse-csv";
import { parseFit } from "./parse-fit";
import { parseGpx, parseTcx, type TrackOptions } from "./parse-xml";

export const UPLOAD_EXTENSIONS = ["fit", "gpx", "tcx", "csv", "zip"] as const;
export type UploadKind = (typeof UPLOAD_EXTENSIONS)[number];

/** The kind of a file name ("Morning_Ride.FIT" → "fit"), or null for anything else. */
export function kindOf(filename: string): UploadKind | null {
  const ext = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext ?? "") ? (ext as UploadKind) : null;
}

export interface ParsedUpload {
  activities: ParsedActivity[];
  /** Rows of an archive that could not be read. */
  skipped: number;
}

const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: false }).decode(bytes);

/** Parses one file (a FIT, GPX or TCX file's points also to `options`); throws UploadRefused with the member-facing reason. */
export function parseUpload(kind: UploadKind, bytes: Uint8Array, options: TrackOptions = {}): ParsedUpload {
  if (bytes.byteLength === 0) throw new UploadRefused("The file is empty");
  switch (kind) {
    case "fit":
      return { activities: [parseFit(bytes, options)], skipped: 0 };
    case "gpx":
      return { activities: [parseGpx(bytes, options)], skipped: 0 };
    case "tcx":
      return { activities: [parseTcx(bytes, options)], skipped: 0 };
    case "csv":
      return parseActivitiesCsv(decode(bytes));
    case "zip":
      return parseActivitiesCsv(activitiesCsvFromZip(bytes));
  }
}
