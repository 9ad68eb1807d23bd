/**
 * The track of an uploaded file, kept once at import (issue #40): fed every
 * point by the parsers' `onPoint`, it yields the simplified polyline, the
 * per-km splits and the downsampled profile the activity detail page shows.
 * Distance and moving time follow track.ts's rules (a device's cumulative
 * distance when it has one, else haversine; a step counts as moving when its
 * gap is at most MAX_MOVING_GAP_S at MOVING_SPEED_MS or more), so the splits
 * add up to the activity's own numbers. Each split's climb uses the same
 * hysteresis as the activity's, from the split's first altitude.
 */
import {
  encodePolyline,
  PROFILE_POINTS,
  simplifyTrack,
  type LatLon,
  type Profile,
  type Split,
} from "~/modules/activities/track-geometry";
import { ElevationGain, haversine, MAX_MOVING_GAP_S, MOVING_SPEED_MS, type TrackPoint } from "./track";

export interface TrackDetail {
  /** encoded polyline, or null when the file has no positions */
  polyline: string | null;
  splits: Split[];
  profile: Profile | null;
}

const SPLIT_M = 1000;
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

export class TrackRecorder {
  private readonly positions: LatLon[] = [];
  /** per point: cumulative distance (m), moving time (s), altitude, heart rate */
  private readonly along: number[] = [];
  private readonly moving: number[] = [];
  private readonly ele: (number | null)[] = [];
  private readonly hr: (number | null)[] = [];
  private readonly splits: Split[] = [];
  private distance = 0;
  private movingTime = 0;
  private hasPrev = false;
  private prevTime: number | null = null;
  private prevLat: number | null = null;
  private prevLon: number | null = null;
  private prevDistance: number | null = null;
  private split = this.newSplit(1);

  private newSplit(km: number) {
    return { km, start: 0, startMoving: 0, gain: new ElevationGain(), hrSum: 0, hrCount: 0 };
  }

  /** A new segment: the gap from the previous point is neither distance nor moving time. */
  segment = (): void => {
    this.hasPrev = false;
  };

  add = (p: Readonly<TrackPoint>): void => {
    const distance = p.distance ?? null;
    if (this.hasPrev) {
      let step = 0;
      if (distance != null && this.prevDistance != null) step = Math.max(0, distance - this.prevDistance);
      else if (p.lat != null && p.lon != null && this.prevLat != null && this.prevLon != null)
        step = haversine(this.prevLat, this.prevLon, p.lat, p.lon);
      let dt = 0;
      if (p.time != null && this.prevTime != null) {
        const gap = (p.time - this.prevTime) / 1000;
        if (gap > 0 && gap <= MAX_MOVING_GAP_S && step / gap >= MOVING_SPEED_MS) dt = gap;
      }
      // Close every kilometre this step crosses, sharing its moving time by distance.
      while (step > 0 && this.distance + step >= this.split.start + SPLIT_M) {
        const part = this.split.start + SPLIT_M - this.distance;
        const partTime = dt * (part / step);
        this.distance += part;
        this.movingTime += partTime;
        step -= part;
        dt -= partTime;
        this.closeSplit();
      }
      this.distance += step;
      this.movingTime += dt;
    }
    this.hasPrev = true;
    this.prevTime = p.time;
    this.prevLat = p.lat;
    this.prevLon = p.lon;
    this.prevDistance = distance;
    this.split.gain.add(p.ele);
    if (p.hr != null && p.hr > 0) {
      this.split.hrSum += p.hr;
      this.split.hrCount += 1;
    }
    if (p.lat != null && p.lon != null) this.positions.push([p.lat, p.lon]);
    this.along.push(this.distance);
    this.moving.push(this.movingTime);
    this.ele.push(p.ele ?? null);
    this.hr.push(p.hr != null && p.hr > 0 ? p.hr : null);
  };

  private closeSplit(final = false): void {
    const s = this.split;
    const distance = this.distance - s.start;
    if (!final || distance >= 1) {
      this.splits.push({
        km: s.km,
        distance: round(distance, 1),
        movingTime: round(this.movingTime - s.startMoving, 1),
        elevationGain: round(s.gain.gain, 1),
        averageHeartrate: s.hrCount ? round(s.hrSum / s.hrCount, 1) : null,
      });
    }
    const next = this.newSplit(s.km + 1);
    next.start = this.distance;
    next.startMoving = this.movingTime;
    // The climb of the next split starts from the last altitude seen.
    const lastEle = this.ele[this.ele.length - 1];
    if (lastEle != null) next.gain.add(lastEle);
    this.split = next;
  }

  /** The detail of the whole track (call once, after the last point). */
  result(): TrackDetail {
    this.closeSplit(true);
    const positions = this.positions.length >= 2 ? simplifyTrack(this.positions) : null;
    return {
      polyline: positions ? encodePolyline(positions) : null,
      splits: this.distance > 0 ? this.splits : [],
      profile: this.profile(),
    };
  }

  /**
   * PROFILE_POINTS points evenly spaced by distance: the altitude and heart
   * rate of the point nearest each mark, the speed over the stretch since the
   * previous mark (distance over moving time).
   */
  private profile(): Profile | null {
    const n = this.along.length;
    if (n < 2 || this.distance <= 0) return null;
    const hasEle = this.ele.some((e) => e != null);
    const hasHr = this.hr.some((h) => h != null);
    const profile: Profile = { distance: [], elevation: [], speed: [], heartrate: [] };
    const marks = Math.min(PROFILE_POINTS, n);
    let i = 0;
    let prevI = 0;
    for (let m = 0; m < marks; m++) {
      const target = (this.distance * m) / (marks - 1);
      while (i < n - 1 && this.along[i]! < target) i++;
      const dd = this.along[i]! - this.along[prevI]!;
      const dt = this.moving[i]! - this.moving[prevI]!;
      profile.distance.push(round(this.along[i]! / 1000, 3));
      profile.elevation.push(hasEle ? nearest(this.ele, i) : null);
      profile.speed.push(dt > 0 ? round((dd / dt) * 3.6, 1) : m === 0 ? null : 0);
      profile.heartrate.push(hasHr ? nearest(this.hr, i) : null);
      prevI = i;
    }
    return profile;
  }
}

/** The value at i, or the nearest known one before it. */
function nearest(values: readonly (number | null)[], i: number): number | null {
  for (let j = i; j >= 0; j--) {
    const v = values[j];
    if (v != null) return round(v, 1);
  }
  return null;
}
