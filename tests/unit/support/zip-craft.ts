// Hand-made ZIP files for the archive import's tests: deflate streams that
// expand ~160x (fixed Huffman codes, written bit by bit, so no test has to
// compress megabytes), and central directories that lie: many entries naming
// one stream, sizes that do not match the data.

/** Raw deflate of `prefix` followed by `repeat` copies of its last byte (rounded down to 258s). ASCII only. */
export function deflateRepeat(prefix: string, repeat: number): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  const put = (value: number, length: number) => {
    for (let i = 0; i < length; i++) {
      bits |= ((value >> i) & 1) << count;
      if (++count === 8) {
        out.push(bits);
        bits = 0;
        count = 0;
      }
    }
  };
  /** A Huffman code goes most significant bit first. */
  const code = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) put((value >> i) & 1, 1);
  };
  put(1, 1); // last block
  put(1, 2); // fixed Huffman codes
  for (const c of prefix) {
    const byte = c.charCodeAt(0);
    if (byte >= 144) throw new Error("ASCII only");
    code(0x30 + byte, 8);
  }
  for (let i = 0; i < Math.floor(repeat / 258); i++) {
    code(0xc5, 8); // length 258 (symbol 285)
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  if (count) out.push(bits);
  return new Uint8Array(out);
}

export const repeatedLength = (prefix: string, repeat: number) =>
  prefix.length + Math.floor(repeat / 258) * 258;

export interface CraftedZip {
  /** the one stream every central entry points at */
  data: Uint8Array;
  method?: 0 | 8;
  /** uncompressed size every entry declares */
  size: number;
  /** central directory names, all pointing at the one local file */
  names: string[];
}

/** A ZIP with one local file and `names.length` central directory entries pointing at it. */
export function craftZip({ data, method = 8, size, names }: CraftedZip): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const header = (length: number, fill: (v: DataView) => void) => {
    const b = new Uint8Array(length);
    fill(new DataView(b.buffer));
    return b;
  };
  const first = enc.encode(names[0]);
  parts.push(
    header(30, (v) => {
      v.setUint32(0, 0x04034b50, true);
      v.setUint16(4, 20, true);
      v.setUint16(8, method, true);
      v.setUint32(18, data.length, true);
      v.setUint32(22, size, true);
      v.setUint16(26, first.length, true);
    }),
    first,
    data,
  );
  const centralOffset = 30 + first.length + data.length;
  let centralSize = 0;
  for (const name of names) {
    const n = enc.encode(name);
    parts.push(
      header(46, (v) => {
        v.setUint32(0, 0x02014b50, true);
        v.setUint16(4, 20, true);
        v.setUint16(6, 20, true);
        v.setUint16(10, method, true);
        v.setUint32(20, data.length, true);
        v.setUint32(24, size, true);
        v.setUint16(28, n.length, true);
        v.setUint32(42, 0, true);
      }),
      n,
    );
    centralSize += 46 + n.length;
  }
  parts.push(
    header(22, (v) => {
      v.setUint32(0, 0x06054b50, true);
      v.setUint16(8, Math.min(names.length, 0xffff), true);
      v.setUint16(10, Math.min(names.length, 0xffff), true);
      v.setUint32(12, centralSize, true);
      v.setUint32(16, centralOffset, true);
    }),
  );
  const zip = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    zip.set(p, at);
    at += p.length;
  }
  return zip;
}

/** A small valid activities.csv (two rides) in Strava's layout. */
export const ARCHIVE_CSV =
  "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance\n" +
  '1,"Oct 1, 2026, 1:00:00 AM",Morning Ride,Ride,3900,30.1\n' +
  '2,"Oct 2, 2026, 1:00:00 AM",Evening Ride,Ride,3600,25.0\n';
