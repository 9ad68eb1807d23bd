/**
 * The app's icons for the web app manifest (issue #17): `npx tsx scripts/make-icons.ts`
 * writes public/icons/icon-{192,512}.png, maskable-512.png and apple-touch-icon.png
 * (180 px). No image library: the PNGs are drawn pixel by pixel (4×4 supersampling)
 * and encoded with node:zlib. The mark is a wheel (ring, hub and six spokes) in white
 * on the brand colour (BRAND.DEFAULT, app/ui/brand.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { BRAND } from "~/ui/brand";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
/** An RGBA PNG from a `size`×`size` pixel function returning [r, g, b, a]. */
export function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];

/**
 * The wheel in unit coordinates (0..1), `scale` shrinking it towards the centre (maskable
 * icons keep their content inside the middle 80 %); `rounded` gives the tile round corners.
 */
function icon(size: number, { scale = 1, rounded = true } = {}) {
  const bg = hex(BRAND.DEFAULT);
  const inTile = (u: number, v: number) => {
    if (!rounded) return true;
    const r = 0.22;
    const dx = Math.max(r - u, 0, u - (1 - r));
    const dy = Math.max(r - v, 0, v - (1 - r));
    return dx * dx + dy * dy <= r * r;
  };
  const inMark = (u: number, v: number) => {
    const x = (u - 0.5) / scale;
    const y = (v - 0.5) / scale;
    const d = Math.hypot(x, y);
    if (d >= 0.3 && d <= 0.37) return true; // tyre
    if (d <= 0.07) return true; // hub
    if (d > 0.3) return false;
    const angle = Math.atan2(y, x);
    const spoke = Math.abs(Math.sin(3 * angle)) * d; // six spokes
    return spoke < 0.018;
  };
  const S = 4;
  return png(size, (px, py) => {
    let tile = 0;
    let mark = 0;
    for (let i = 0; i < S; i++)
      for (let j = 0; j < S; j++) {
        const u = (px + (i + 0.5) / S) / size;
        const v = (py + (j + 0.5) / S) / size;
        if (inTile(u, v)) {
          tile++;
          if (inMark(u, v)) mark++;
        }
      }
    if (tile === 0) return [0, 0, 0, 0];
    const m = mark / tile;
    const mix = (c: number) => Math.round(c * (1 - m) + 255 * m);
    return [mix(bg[0]), mix(bg[1]), mix(bg[2]), Math.round((255 * tile) / (S * S))];
  });
}

if (process.argv[1]?.endsWith("make-icons.ts")) {
  mkdirSync("public/icons", { recursive: true });
  writeFileSync("public/icons/icon-192.png", icon(192));
  writeFileSync("public/icons/icon-512.png", icon(512));
  writeFileSync("public/icons/maskable-512.png", icon(512, { scale: 0.8, rounded: false }));
  writeFileSync("public/icons/apple-touch-icon.png", icon(180, { rounded: false }));
  console.log("wrote public/icons/{icon-192,icon-512,maskable-512,apple-touch-icon}.png");
}
