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
  /** Hears the start of each track segment (GPX trkseg, TCX Track). */
  onSegment?: () => void;
}

/** The longest text kept for one element, in characters (values and names are far shorter). */
const MAX_TEXT = 4096;

/** An element path of interest ("gpx/trk/trkseg"), found from its parent by name without building strings. */
class PathNode {
  readonly children = new Map<string, PathNode>();
  /** whether its text is kept */
  capture = false;
  constructor(
    readonly id: number,
    readonly path: string,
  ) {}
}

/** The paths a format needs: every prefix of `captures` and `paths`; a captured element's `Value` child too. */
class PathTree {
  readonly root = new Map<string, PathNode>();
  private count = 0;

  constructor(captures: readonly string[], paths: readonly string[] = []) {
    for (const path of paths) this.add(path);
    for (const path of captures) {
      this.add(path).capture = true;
      this.add(`${path}/Value`).capture = true;
    }
  }

  get size(): number {
    return this.count;
  }

  add(path: string): PathNode {
    let children = this.root;
    let node: PathNode | undefined;
    let prefix = "";
    for (const part of path.split("/")) {
      prefix = prefix ? `${prefix}/${part}` : part;
      node = children.get(part);
      if (!node) children.set(part, (node = new PathNode(this.count++, prefix)));
      children = node.children;
    }
    return node!;
  }

  get(path: string): PathNode {
    let node: PathNode | undefined;
    let children = this.root;
    for (const part of path.split("/")) {
      node = children.get(part);
      if (!node) throw new Error(`no path ${path}`);
      children = node.children;
    }
    return node!;
  }
}

interface PathHooks {
  /** An element on one of the paths opened; false skips it and everything inside. */
  open(node: PathNode, attributes: string): boolean | void;
  close(node: PathNode): void;
}

/**
 * Follows the elements of a PathTree and keeps the text of those captured
 * (the first of each until `forget`). A captured element's `Value` child
 * stands in for empty text, as TCX writes heart rates.
 */
class PathReader implements XmlHandler {
  private readonly stack: (PathNode | null)[] = [];
  private readonly texts: (string | undefined)[];
  private readonly live: boolean[];

  constructor(
    private readonly tree: PathTree,
    private readonly hooks: PathHooks,
  ) {
    this.texts = new Array<string | undefined>(tree.size);
    this.live = new Array<boolean>(tree.size).fill(false);
  }

  open(name: string, attributes: string): void {
    const depth = this.stack.length;
    const parent = depth ? this.stack[depth - 1] : undefined;
    let node = parent === null ? null : ((parent ? parent.children : this.tree.root).get(name) ?? null);
    if (node && this.hooks.open(node, attributes) === false) node = null;
    this.stack.push(node);
    if (node?.capture && this.texts[node.id] === undefined) {
      this.texts[node.id] = "";
      this.live[node.id] = true;
    }
  }

  close(): void {
    const node = this.stack.pop();
    if (!node) return;
    this.live[node.id] = false;
    this.hooks.close(node);
  }

  wantsText(): boolean {
    const node = this.stack[this.stack.length - 1];
    return node != null && this.live[node.id]!;
  }

  text(raw: string, cdata: boolean): void {
    const node = this.stack[this.stack.length - 1];
    if (!node || !this.live[node.id]) return;
    const kept = this.texts[node.id]!;
    if (kept.length >= MAX_TEXT) return;
    // CDATA is kept escaped so that every kept text decodes the same way.
    const piece = cdata ? raw.replace(/&/g, "&amp;").replace(/</g, "&lt;") : raw;
    this.texts[node.id] = (kept + piece).slice(0, MAX_TEXT);
  }

  forget(nodes: readonly PathNode[]): void {
    for (const node of nodes) {
      this.texts[node.id] = undefined;
      const value = node.children.get("Value");
      if (value) this.texts[value.id] = undefined;
    }
  }

  /** The element's text, trimmed and decoded; undefined when it did not appear. */
  string(node: PathNode): string | undefined {
    const raw = this.texts[node.id];
    return raw === undefined ? undefined : unescapeXml(raw.trim());
  }

  number(node: PathNode): number | null {
    const own = this.string(node);
    const valueNode = node.children.get("Value");
    const value = own ? own : valueNode ? this.string(valueNode) : undefined;
    if (!value) return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }

  time(node: PathNode): number | null {
    const value = this.string(node);
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

const GPX = new PathTree(
  [
    "gpx/metadata/name",
    "gpx/trk/name",
    "gpx/trk/type",
    "gpx/trk/trkseg/trkpt/time",
    "gpx/trk/trkseg/trkpt/ele",
    "gpx/trk/trkseg/trkpt/extensions/hr",
    "gpx/trk/trkseg/trkpt/extensions/heartrate",
    "gpx/trk/trkseg/trkpt/extensions/TrackPointExtension/hr",
  ],
  ["gpx"],
);
const G = {
  root: GPX.get("gpx"),
  trk: GPX.get("gpx/trk"),
  trkName: GPX.get("gpx/trk/name"),
  trkType: GPX.get("gpx/trk/type"),
  metaName: GPX.get("gpx/metadata/name"),
  segment: GPX.get("gpx/trk/trkseg"),
  point: GPX.get("gpx/trk/trkseg/trkpt"),
  time: GPX.get("gpx/trk/trkseg/trkpt/time"),
  ele: GPX.get("gpx/trk/trkseg/trkpt/ele"),
  hr: GPX.get("gpx/trk/trkseg/trkpt/extensions/hr"),
  heartrate: GPX.get("gpx/trk/trkseg/trkpt/extensions/heartrate"),
  tpeHr: GPX.get("gpx/trk/trkseg/trkpt/extensions/TrackPointExtension/hr"),
};
const GPX_POINT_TEXTS = [G.time, G.ele, G.hr, G.heartrate, G.tpeHr];

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
  const reader: PathReader = new PathReader(GPX, {
    open(node, attributes) {
      if (node === G.root) isGpx = true;
      else if (node === G.trk) tracks += 1;
      else if (node === G.trkName || node === G.trkType) return tracks === 1;
      else if (node === G.segment) {
        summariser.segment();
        options.onSegment?.();
      } else if (node === G.point) {
        reader.forget(GPX_POINT_TEXTS);
        point.lat = numeric(attributes, "lat");
        point.lon = numeric(attributes, "lon");
      }
    },
    close(node) {
      if (node !== G.point) return;
      point.time = reader.time(G.time);
      point.ele = reader.number(G.ele);
      point.hr = reader.number(G.tpeHr) ?? reader.number(G.hr) ?? reader.number(G.heartrate);
      summariser.add(point);
      options.onPoint?.(point);
    },
  });
  read(content, reader);
  if (!isGpx) throw new UploadRefused(XML_MSG.notGpx);
  const name = reader.string(G.trkName) ?? reader.string(G.metaName);
  return finish(summariser.summary(), sportFromText(reader.string(G.trkType)), name);
}

const TCX_SPORTS: Record<string, string> = { biking: "Ride", running: "Run" };
const A = "TrainingCenterDatabase/Activities/Activity";
const TCX = new PathTree(
  [
    `${A}/Notes`,
    `${A}/Lap/TotalTimeSeconds`,
    `${A}/Lap/DistanceMeters`,
    `${A}/Lap/MaximumSpeed`,
    `${A}/Lap/MaximumHeartRateBpm`,
    `${A}/Lap/Track/Trackpoint/Time`,
    `${A}/Lap/Track/Trackpoint/Position/LatitudeDegrees`,
    `${A}/Lap/Track/Trackpoint/Position/LongitudeDegrees`,
    `${A}/Lap/Track/Trackpoint/AltitudeMeters`,
    `${A}/Lap/Track/Trackpoint/HeartRateBpm`,
    `${A}/Lap/Track/Trackpoint/DistanceMeters`,
  ],
  [],
);
const T = {
  root: TCX.get("TrainingCenterDatabase"),
  activity: TCX.get(A),
  notes: TCX.get(`${A}/Notes`),
  lap: TCX.get(`${A}/Lap`),
  lapTime: TCX.get(`${A}/Lap/TotalTimeSeconds`),
  lapDistance: TCX.get(`${A}/Lap/DistanceMeters`),
  lapSpeed: TCX.get(`${A}/Lap/MaximumSpeed`),
  lapHr: TCX.get(`${A}/Lap/MaximumHeartRateBpm`),
  track: TCX.get(`${A}/Lap/Track`),
  point: TCX.get(`${A}/Lap/Track/Trackpoint`),
  time: TCX.get(`${A}/Lap/Track/Trackpoint/Time`),
  lat: TCX.get(`${A}/Lap/Track/Trackpoint/Position/LatitudeDegrees`),
  lon: TCX.get(`${A}/Lap/Track/Trackpoint/Position/LongitudeDegrees`),
  ele: TCX.get(`${A}/Lap/Track/Trackpoint/AltitudeMeters`),
  hr: TCX.get(`${A}/Lap/Track/Trackpoint/HeartRateBpm`),
  distance: TCX.get(`${A}/Lap/Track/Trackpoint/DistanceMeters`),
};
const TCX_LAP_TEXTS = [T.lapTime, T.lapDistance, T.lapSpeed, T.lapHr];
const TCX_POINT_TEXTS = [T.time, T.lat, T.lon, T.ele, T.hr, T.distance];

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
  const reader: PathReader = new PathReader(TCX, {
    open(node, attributes) {
      if (node === T.root) isTcx = true;
      else if (node === T.activity) {
        activities += 1;
        if (activities > 1) return false;
        sportAttribute = attribute(attributes, "Sport") ?? "";
      } else if (node === T.lap) reader.forget(TCX_LAP_TEXTS);
      else if (node === T.track) {
        summariser.segment();
        options.onSegment?.();
      } else if (node === T.point) reader.forget(TCX_POINT_TEXTS);
    },
    close(node) {
      if (node === T.lap) {
        const lapSpeed = reader.number(T.lapSpeed);
        if (lapSpeed != null) speedMax = Math.max(speedMax ?? 0, lapSpeed);
        timer += reader.number(T.lapTime) ?? 0;
        distance += reader.number(T.lapDistance) ?? 0;
        const lapMax = reader.number(T.lapHr);
        if (lapMax != null) hrMax = Math.max(hrMax ?? 0, lapMax);
      } else if (node === T.point) {
        point.time = reader.time(T.time);
        point.lat = reader.number(T.lat);
        point.lon = reader.number(T.lon);
        point.ele = reader.number(T.ele);
        point.hr = reader.number(T.hr);
        point.distance = reader.number(T.distance);
        summariser.add(point);
        options.onPoint?.(point);
      }
    },
  });
  read(content, reader);
  if (!isTcx || activities === 0) throw new UploadRefused(XML_MSG.notTcx);
  const sport = TCX_SPORTS[sportAttribute.toLowerCase()] ?? null;
  const name = reader.string(T.notes);
  return finish(summariser.summary(), sport, name, {
    movingTime: timer > 0 ? timer : undefined,
    distance: distance > 0 ? distance : undefined,
    maxHeartrate: hrMax ?? undefined,
    maxSpeed: speedMax ?? undefined,
  });
}
