/**
 * The few parts of a ZIP file an archive import needs, read without
 * decompressing anything it does not use (docs/decisions/023-uploads.md):
 *
 * - `zipEntries` lists the central directory (names, methods, declared
 *   sizes, where each entry's data starts), refusing more than `maxEntries`
 *   before reading them. ZIP64 sizes and offsets are understood.
 * - `inflateEntry` decompresses one entry in small steps (fflate's streaming
 *   Inflate, INFLATE_STEP compressed bytes a push) and stops as soon as the
 *   output passes the entry's declared size or `limit`, whatever the headers
 *   claim: a "lying size" entry or a deflate bomb costs at most one step of
 *   output beyond the limit.
 *
 * Both throw `ZipError` with a reason the caller turns into a member-facing message.
 */
import { Inflate } from "fflate";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else cannot be read */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** uncompressed size as the central directory declares it */
  size: number;
  /** offset of the entry's local file header */
  localOffset: number;
}

export type ZipProblem = "broken" | "tooManyEntries" | "unsupported" | "tooLarge" | "sizeMismatch";

export class ZipError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`ZIP: ${problem}`);
    this.name = "ZipError";
  }
}

/** Compressed bytes pushed into the inflater at a time: at most ~1 MB of output each (deflate's ratio is < 1032:1). */
export const INFLATE_STEP = 1024;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const check = (at: number, size: number) => {
    if (at < 0 || at + size > bytes.length) throw new ZipError("broken");
  };
  return {
    u16: (at: number) => (check(at, 2), view.getUint16(at, true)),
    u32: (at: number) => (check(at, 4), view.getUint32(at, true)),
    u64: (at: number) => {
      check(at, 8);
      const value = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
      if (!Number.isSafeInteger(value)) throw new ZipError("broken");
      return value;
    },
  };
}

/** The central directory's entries, in order. */
export function zipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const r = reader(bytes);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--)
    if (r.u32(at) === EOCD) {
      eocd = at;
      break;
    }
  if (eocd < 0) throw new ZipError("broken");
  let count = r.u16(eocd + 10);
  let offset = r.u32(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    if (eocd < 20 || r.u32(eocd - 20) !== ZIP64_LOCATOR) throw new ZipError("broken");
    const z64 = r.u64(eocd - 12);
    if (r.u32(z64) !== ZIP64_EOCD) throw new ZipError("broken");
    count = r.u64(z64 + 32);
    offset = r.u64(z64 + 48);
  }
  if (count > maxEntries) throw new ZipError("tooManyEntries");

  const entries: ZipEntry[] = [];
  const names = new TextDecoder();
  for (let i = 0, at = offset; i < count; i++) {
    if (r.u32(at) !== CENTRAL) throw new ZipError("broken");
    const flags = r.u16(at + 8);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const commentLength = r.u16(at + 32);
    let compressedSize = r.u32(at + 20);
    let size = r.u32(at + 24);
    let localOffset = r.u32(at + 42);
    if (at + 46 + nameLength > bytes.length) throw new ZipError("broken");
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64 extended information (header 0x0001): only the fields that are 0xffffffff above, in this order.
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      let extra = at + 46 + nameLength;
      const end = extra + extraLength;
      while (extra + 4 <= end && r.u16(extra) !== 1) extra += 4 + r.u16(extra + 2);
      if (extra + 4 > end) throw new ZipError("broken");
      let field = extra + 4;
      const next = () => {
        const value = r.u64(field);
        field += 8;
        return value;
      };
      if (size === 0xffffffff) size = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (localOffset === 0xffffffff) localOffset = next();
    }
    entries.push({
      name,
      method: r.u16(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize,
      size,
      localOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The entry's bytes, handed to `ondata` as they are decompressed. Refuses an
 * entry declared larger than `limit` before reading it, and stops (throwing)
 * once the output passes the declared size or `limit`. `progress` hears the
 * running total of decompressed bytes after every step, the refused one included.
 */
export function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  limit: number,
  ondata: (chunk: Uint8Array) => void,
  progress?: (inflated: number) => void,
): void {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new ZipError("unsupported");
  if (entry.size > limit) throw new ZipError("tooLarge");
  const r = reader(bytes);
  if (r.u32(entry.localOffset) !== LOCAL) throw new ZipError("broken");
  const start = entry.localOffset + 30 + r.u16(entry.localOffset + 26) + r.u16(entry.localOffset + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipError("broken");
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipError("sizeMismatch");
    progress?.(entry.size);
    ondata(bytes.subarray(start, end));
    return;
  }

  let total = 0;
  let done = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    progress?.(total);
    if (total > entry.size) throw new ZipError(total > limit ? "tooLarge" : "sizeMismatch");
    if (chunk.length) ondata(chunk);
    if (final) done = true;
  });
  try {
    for (let at = start; at < end && !done; at += INFLATE_STEP) {
      const stop = Math.min(end, at + INFLATE_STEP);
      inflate.push(bytes.subarray(at, stop), stop === end);
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError("broken");
  }
  if (total !== entry.size) throw new ZipError("sizeMismatch");
}
