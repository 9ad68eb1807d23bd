/**
 * GPX and TCX, streamed through xml-stream.ts: the reader keeps the text of
 * the few elements each format needs (by path, namespace prefixes dropped)
 * and feeds every track point to the running summary of track.ts, so memory
 * stays bounded whatever the number of points. A file that declares a DOCTYPE
 * or an entity is refused; no entity is ever expanded.
 */
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";
import { sportFromSpeed, sportFromText, TrackSummariser, type TrackPoint, type TrackSummary } from "./track";
import { attribute, MAX_DEPTH, readXml, unescapeXml, XmlError, type XmlHandler } from "./xml-stream";

export const XML_MSG = {
  doctype: "The file declares a DOCTYPE or XML entities, which are not accepted",
  notXml: "The file is not valid XML",
  tooDeep: `The file nests its elements more than ${MAX_DEPTH} levels deep`,
  noTrack: "The file has no track points with times",
  notGpx: "The file is not a GPX file",
  notTcx: "The file is not a TCX file",
} as const;

export interface TrackOptions {
  /** Hears every track point in file order (one object, reused: copy what you keep). */
  onPoint?: (point: Readonly<TrackPoint>) => void;
}

/** The longest text kept for one element, in characters (values and names are far shorter). */
const MAX_TEXT = 4096;

interface PathHooks {
  /** An element on one of the paths opened; false skips it and everything inside. */
  open(path: string, attributes: string): boolean | void;
  close(path: string): void;
}

/**
 * Follows the elements on `paths` ("gpx/trk/trkseg", …) and keeps the text of
 * those in `captures` (the first of each name until `forget`). A captured
 * element's `Value` child stands in for empty text, as TCX writes heart rates.
 */
class PathReader implements XmlHandler {
  private readonly keys: (string | null)[] = [];
  private readonly texts = new Map<string, string>();
  private readonly live = new Set<string>();

  constructor(
    private readonly paths: ReadonlySet<string>,
    captures: readonly string[],
    private readonly hooks: PathHooks,
  ) {
    this.captures = new Set(captures.flatMap((key) => [key, `${key}/Value`]));
  }

  private readonly captures: ReadonlySet<string>;

  open(name: string, attributes: string): void {
    const parent = this.keys.length ? this.keys[this.keys.length - 1] : "";
    let key = parent === null ? null : parent ? `${parent}/${name}` : name;
    if (key !== null && (!this.paths.has(key) || this.hooks.open(key, attributes) === false)) key = null;
    this.keys.push(key);
    if (key !== null && this.captures.has(key) && !this.texts.has(key)) {
      this.texts.set(key, "");
      this.live.add(key);
    }
  }

  close(): void {
    const key = this.keys.pop();
    if (key == null) return;
    this.live.delete(key);
    this.hooks.close(key);
  }

  text(raw: string, cdata: boolean): void {
    const key = this.keys[this.keys.length - 1];
    if (key == null || !this.live.has(key)) return;
    const kept = this.texts.get(key)!;
    if (kept.length >= MAX_TEXT) return;
    // CDATA is kept escaped so that every kept text decodes the same way.
    const piece = cdata ? raw.replace(/&/g, "&amp;").replace(/</g, "&lt;") : raw;
    this.texts.set(key, (kept + piece).slice(0, MAX_TEXT));
  }

  forget(keys: readonly string[]): void {
    for (const key of keys) {
      this.texts.delete(key);
      this.texts.delete(`${key}/Value`);
    }
  }

  /** The element's text, trimmed and decoded; undefined when it did not appear. */
  string(key: string): string | undefined {
    const raw = this.texts.get(key);
    return raw === undefined ? undefined : unescapeXml(raw.trim());
  }

  number(key: string): number | null {
    const own = this.string(key);
    const value = own ? own : this.string(`${key}/Value`);
    if (!value) return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }

  time(key: string): number | null {
    const value = this.string(key);
    if (value === undefined) return null;
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
}

function read(input: Uint8Array | string, reader: PathReader): void {
  try {
    readXml(input, reader);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    throw new UploadRefused(
      error.problem === "doctype"
        ? XML_MSG.doctype
        : error.problem === "tooDeep"
          ? XML_MSG.tooDeep
          : XML_MSG.notXml,
    );
  }
}

const numeric = (attributes: string, name: string): number | null => {
  const value = attribute(attributes, name);
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Every path from the root down to each of `leaves` (relative to `base`). */
function pathsTo(base: string, leaves: string[]): string[] {
  const all = new Set<string>();
  for (const leaf of leaves) {
    let path = base;
    all.add(path);
    for (const part of leaf.split("/")) all.add((path = `${path}/${part}`));
  }
  return [...all];
}

function finish(
  summary: TrackSummary,
  sport: string | null,
  name: string | undefined,
  overrides: Partial<ParsedActivity> = {},
): ParsedActivity {
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

const GPX_POINT = "gpx/trk/trkseg/trkpt";
const GPX_POINT_TEXTS = [
  "time",
  "ele",
  "extensions/hr",
  "extensions/heartrate",
  "extensions/TrackPointExtension/hr",
].map((leaf) => `${GPX_POINT}/${leaf}`);
const GPX_TEXTS = ["gpx/metadata/name", "gpx/trk/name", "gpx/trk/type", ...GPX_POINT_TEXTS];
const GPX_PATHS = new Set([
  ...pathsTo("gpx", ["metadata/name", "trk/name", "trk/type"]),
  ...GPX_POINT_TEXTS.flatMap((key) => pathsTo("gpx", [key.slice(4), `${key.slice(4)}/Value`])),
]);

/**
 * GPX 1.0/1.1: the points of every `trk/trkseg`, each segment its own (the gap
 * between segments is not moving); the first track's name (else the
 * metadata's) and type; heart rate from Garmin's TrackPointExtension or a
 * plain `hr`/`heartrate` extension.
 */
export function parseGpx(content: Uint8Array | string, options: TrackOptions = {}): ParsedActivity {
  const summariser = new TrackSummariser();
  const point: TrackPoint = { time: null, lat: null, lon: null, ele: null, hr: null };
  let isGpx = false;
  let tracks = 0;
  const reader: PathReader = new PathReader(GPX_PATHS, GPX_TEXTS, {
    open(path, attributes) {
      if (path === "gpx") isGpx = true;
      else if (path === "gpx/trk") tracks += 1;
      else if (path === "gpx/trk/name" || path === "gpx/trk/type") return tracks === 1;
      else if (path === "gpx/trk/trkseg") summariser.segment();
      else if (path === GPX_POINT) {
        reader.forget(GPX_POINT_TEXTS);
        point.lat = numeric(attributes, "lat");
        point.lon = numeric(attributes, "lon");
      }
    },
    close(path) {
      if (path !== GPX_POINT) return;
      point.time = reader.time(`${GPX_POINT}/time`);
      point.ele = reader.number(`${GPX_POINT}/ele`);
      point.hr =
        reader.number(`${GPX_POINT}/extensions/TrackPointExtension/hr`) ??
        reader.number(`${GPX_POINT}/extensions/hr`) ??
        reader.number(`${GPX_POINT}/extensions/heartrate`);
      summariser.add(point);
      options.onPoint?.(point);
    },
  });
  read(content, reader);
  if (!isGpx) throw new UploadRefused(XML_MSG.notGpx);
  const name = reader.string("gpx/trk/name") ?? reader.string("gpx/metadata/name");
  // The type as written (sportFromText trims it); references are left as they are.
  const type = reader.string("gpx/trk/type");
  return finish(summariser.summary(), sportFromText(type), name);
}

const TCX_SPORTS: Record<string, string> = { biking: "Ride", running: "Run" };
const TCX_ACTIVITY = "TrainingCenterDatabase/Activities/Activity";
const TCX_LAP = `${TCX_ACTIVITY}/Lap`;
const TCX_POINT = `${TCX_LAP}/Track/Trackpoint`;
const TCX_LAP_TEXTS = ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "MaximumHeartRateBpm"].map(
  (leaf) => `${TCX_LAP}/${leaf}`,
);
const TCX_POINT_TEXTS = [
  "Time",
  "Position/LatitudeDegrees",
  "Position/LongitudeDegrees",
  "AltitudeMeters",
  "HeartRateBpm",
  "DistanceMeters",
].map((leaf) => `${TCX_POINT}/${leaf}`);
const TCX_TEXTS = [`${TCX_ACTIVITY}/Notes`, ...TCX_LAP_TEXTS, ...TCX_POINT_TEXTS];
const TCX_PATHS = new Set(
  TCX_TEXTS.flatMap((key) =>
    pathsTo("TrainingCenterDatabase", [
      key.slice("TrainingCenterDatabase/".length),
      `${key.slice("TrainingCenterDatabase/".length)}/Value`,
    ]),
  ),
);

/**
 * TCX: the first activity's laps; a lap's TotalTimeSeconds is the device's
 * timer time (pauses removed) and its DistanceMeters the device's distance,
 * both winning over the points; each Track is a segment.
 */
export function parseTcx(content: Uint8Array | string, options: TrackOptions = {}): ParsedActivity {
  const summariser = new TrackSummariser();
  const point: TrackPoint = { time: null, lat: null, lon: null, ele: null, hr: null, distance: null };
  let isTcx = false;
  let activities = 0;
  let sportAttribute = "";
  let timer = 0;
  let distance = 0;
  let hrMax: number | null = null;
  let speedMax: number | null = null;
  const reader: PathReader = new PathReader(TCX_PATHS, TCX_TEXTS, {
    open(path, attributes) {
      if (path === "TrainingCenterDatabase") isTcx = true;
      else if (path === TCX_ACTIVITY) {
        activities += 1;
        if (activities > 1) return false;
        sportAttribute = attribute(attributes, "Sport") ?? "";
      } else if (path === TCX_LAP) reader.forget(TCX_LAP_TEXTS);
      else if (path === `${TCX_LAP}/Track`) summariser.segment();
      else if (path === TCX_POINT) reader.forget(TCX_POINT_TEXTS);
    },
    close(path) {
      if (path === TCX_LAP) {
        const lapSpeed = reader.number(`${TCX_LAP}/MaximumSpeed`);
        if (lapSpeed != null) speedMax = Math.max(speedMax ?? 0, lapSpeed);
        timer += reader.number(`${TCX_LAP}/TotalTimeSeconds`) ?? 0;
        distance += reader.number(`${TCX_LAP}/DistanceMeters`) ?? 0;
        const lapMax = reader.number(`${TCX_LAP}/MaximumHeartRateBpm`);
        if (lapMax != null) hrMax = Math.max(hrMax ?? 0, lapMax);
      } else if (path === TCX_POINT) {
        point.time = reader.time(`${TCX_POINT}/Time`);
        point.lat = reader.number(`${TCX_POINT}/Position/LatitudeDegrees`);
        point.lon = reader.number(`${TCX_POINT}/Position/LongitudeDegrees`);
        point.ele = reader.number(`${TCX_POINT}/AltitudeMeters`);
        point.hr = reader.number(`${TCX_POINT}/HeartRateBpm`);
        point.distance = reader.number(`${TCX_POINT}/DistanceMeters`);
        summariser.add(point);
        options.onPoint?.(point);
      }
    },
  });
  read(content, reader);
  if (!isTcx || activities === 0) throw new UploadRefused(XML_MSG.notTcx);
  const sport = TCX_SPORTS[sportAttribute.toLowerCase()] ?? null;
  const name = reader.string(`${TCX_ACTIVITY}/Notes`);
  return finish(summariser.summary(), sport, name, {
    movingTime: timer > 0 ? timer : undefined,
    distance: distance > 0 ? distance : undefined,
    maxHeartrate: hrMax ?? undefined,
    maxSpeed: speedMax ?? undefined,
  });
}
