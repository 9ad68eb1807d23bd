/**
 * GPX and TCX with fast-xml-parser. Entity expansion is off, and a file that
 * declares a DOCTYPE (the only way to define entities, "billion laughs" and
 * external ones) is refused before parsing.
 */
import { XMLParser } from "fast-xml-parser";
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";
import { sportFromSpeed, sportFromText, summarise, type TrackPoint } from "./track";

export const XML_MSG = {
  doctype: "The file declares a DOCTYPE or XML entities, which are not accepted",
  notXml: "The file is not valid XML",
  noTrack: "The file has no track points with times",
  notGpx: "The file is not a GPX file",
  notTcx: "The file is not a TCX file",
} as const;

const ARRAYS = new Set(["trk", "trkseg", "trkpt", "Activity", "Lap", "Track", "Trackpoint"]);

function parseXml(text: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UploadRefused(XML_MSG.doctype);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    isArray: (name) => ARRAYS.has(name),
  });
  try {
    return parser.parse(text, true) as Record<string, unknown>;
  } catch {
    throw new UploadRefused(XML_MSG.notXml);
  }
}

type Node = Record<string, unknown> | undefined;
const obj = (v: unknown): Node => (v && typeof v === "object" && !Array.isArray(v) ? (v as Node) : undefined);
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj) : v ? [obj(v)] : []);
const number = (v: unknown): number | null => {
  const value = obj(v) ? (obj(v)!["#text"] ?? obj(v)!["Value"]) : v;
  if (value === undefined || value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const time = (v: unknown): number | null => {
  if (typeof v !== "string") return null;
  const t = Date.parse(v.trim());
  return Number.isNaN(t) ? null : t;
};
/** XML's five predefined entities and character references, decoded by hand (entity processing is off). */
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (PREDEFINED[e.toLowerCase()] ?? ""),
  );
const text = (v: unknown): string | undefined =>
  typeof v === "string" ? unescape(v.trim()) : typeof v === "number" ? String(v) : undefined;

function finish(
  points: TrackPoint[][],
  sport: string | null,
  name: string | undefined,
  overrides: Partial<ParsedActivity> = {},
): ParsedActivity {
  const summary = summarise(points);
  if (summary.start === null || summary.end === null) throw new UploadRefused(XML_MSG.noTrack);
  const movingTime = overrides.movingTime ?? summary.movingTime;
  const distance = overrides.distance ?? summary.distance;
  return {
    sportType: sport ?? sportFromSpeed(distance, movingTime),
    name,
    startDate: new Date(summary.start),
    timezone: null,
    utcOffsetMinutes: null,
    distance,
    movingTime,
    elapsedTime: (summary.end - summary.start) / 1000,
    elevationGain: summary.elevationGain,
    averageHeartrate: summary.averageHeartrate,
    maxHeartrate: summary.maxHeartrate,
    maxSpeed: summary.maxSpeed,
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v != null)),
  };
}

/** Heart rate in a GPX point: Garmin's TrackPointExtension (hr), or a plain <hr>/<heartrate>. */
function gpxHeartRate(extensions: Node): number | null {
  if (!extensions) return null;
  const ext = obj(extensions["TrackPointExtension"]);
  return number(ext?.["hr"]) ?? number(extensions["hr"]) ?? number(extensions["heartrate"]);
}

export function parseGpx(content: string): ParsedActivity {
  const doc = parseXml(content);
  const gpx = obj(doc["gpx"]);
  if (!gpx) throw new UploadRefused(XML_MSG.notGpx);
  const tracks = list(gpx["trk"]);
  const segments: TrackPoint[][] = [];
  for (const trk of tracks)
    for (const seg of list(trk?.["trkseg"]))
      segments.push(
        list(seg?.["trkpt"]).map((p) => ({
          time: time(p?.["time"]),
          lat: number(p?.["@_lat"]),
          lon: number(p?.["@_lon"]),
          ele: number(p?.["ele"]),
          hr: gpxHeartRate(obj(p?.["extensions"])),
        })),
      );
  const first = tracks[0];
  const name = text(first?.["name"]) ?? text(obj(gpx["metadata"])?.["name"]);
  return finish(segments, sportFromText(first?.["type"]), name);
}

const TCX_SPORTS: Record<string, string> = { biking: "Ride", running: "Run" };

export function parseTcx(content: string): ParsedActivity {
  const doc = parseXml(content);
  const root = obj(doc["TrainingCenterDatabase"]);
  const activity = list(obj(root?.["Activities"])?.["Activity"])[0];
  if (!root || !activity) throw new UploadRefused(XML_MSG.notTcx);
  const laps = list(activity["Lap"]);
  const segments: TrackPoint[][] = [];
  let timer = 0;
  let distance = 0;
  let hrMax: number | null = null;
  let speedMax: number | null = null;
  for (const lap of laps) {
    const lapSpeed = number(lap?.["MaximumSpeed"]);
    if (lapSpeed != null) speedMax = Math.max(speedMax ?? 0, lapSpeed);
    timer += number(lap?.["TotalTimeSeconds"]) ?? 0;
    distance += number(lap?.["DistanceMeters"]) ?? 0;
    const lapMax = number(lap?.["MaximumHeartRateBpm"]);
    if (lapMax != null) hrMax = Math.max(hrMax ?? 0, lapMax);
    for (const track of list(lap?.["Track"]))
      segments.push(
        list(track?.["Trackpoint"]).map((p) => {
          const position = obj(p?.["Position"]);
          return {
            time: time(p?.["Time"]),
            lat: number(position?.["LatitudeDegrees"]),
            lon: number(position?.["LongitudeDegrees"]),
            ele: number(p?.["AltitudeMeters"]),
            hr: number(p?.["HeartRateBpm"]),
            distance: number(p?.["DistanceMeters"]),
          };
        }),
      );
  }
  const sport = TCX_SPORTS[String(activity["@_Sport"] ?? "").toLowerCase()] ?? null;
  const name = text(activity["Notes"]);
  // A lap's TotalTimeSeconds is the device's timer time (pauses removed); its DistanceMeters the device's distance.
  return finish(segments, sport, name, {
    movingTime: timer > 0 ? timer : undefined,
    distance: distance > 0 ? distance : undefined,
    maxHeartrate: hrMax ?? undefined,
    maxSpeed: speedMax ?? undefined,
  });
}
