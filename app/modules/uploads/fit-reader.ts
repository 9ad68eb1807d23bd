/**
 * FIT read message by message, keeping nothing: Garmin's Decoder
 * (@garmin/fitsdk) turns every message of a file into objects and keeps them
 * all (its `mesgListener` is called in addition), which for a 25 MB file of
 * records means hundreds of MB. This reader walks the same binary layout
 * (file header, definition and data messages, developer fields skipped,
 * chained files, the CRC of each) and hands the caller only the fields it
 * asked for, decoded with the SDK's own Profile (scale, offset, date times,
 * enum names), in one reused array per message.
 *
 * What the SDK's Decoder treats as an error (a bad CRC, a record header for an
 * undefined local message, an unknown base type, compressed timestamp
 * headers, data past the end) throws `FitError`. Not done: component
 * expansion (the caller reads `altitude` before `enhanced_altitude`, as the
 * SDK's expansion does) and the accumulated distance of old devices'
 * `compressed_speed_distance`.
 */
import { CrcCalculator, Profile } from "@garmin/fitsdk";

export class FitError extends Error {
  constructor(message: string) {
    super(`FIT: ${message}`);
    this.name = "FitError";
  }
}

/** A decoded field: a number (scaled), a date time as epoch ms, an enum's name, or null when absent or invalid. */
export type FitValue = number | string | null;

const FIT_EPOCH_MS = 631_065_600_000;
/** Base types by number (the definition's byte & 0x1F): size, invalid value, reader. */
const BASE_TYPES: {
  size: number;
  invalid: number;
  read: (v: DataView, at: number, le: boolean) => number;
}[] = [
  { size: 1, invalid: 0xff, read: (v, at) => v.getUint8(at) }, // enum
  { size: 1, invalid: 0x7f, read: (v, at) => v.getInt8(at) }, // sint8
  { size: 1, invalid: 0xff, read: (v, at) => v.getUint8(at) }, // uint8
  { size: 2, invalid: 0x7fff, read: (v, at, le) => v.getInt16(at, le) },
  { size: 2, invalid: 0xffff, read: (v, at, le) => v.getUint16(at, le) },
  { size: 4, invalid: 0x7fffffff, read: (v, at, le) => v.getInt32(at, le) },
  { size: 4, invalid: 0xffffffff, read: (v, at, le) => v.getUint32(at, le) },
  { size: 1, invalid: 0x00, read: () => NaN }, // string: never a number here
  { size: 4, invalid: 0xffffffff, read: (v, at, le) => v.getFloat32(at, le) },
  { size: 8, invalid: NaN, read: (v, at, le) => v.getFloat64(at, le) },
  { size: 1, invalid: 0x00, read: (v, at) => v.getUint8(at) }, // uint8z
  { size: 2, invalid: 0x0000, read: (v, at, le) => v.getUint16(at, le) },
  { size: 4, invalid: 0x00000000, read: (v, at, le) => v.getUint32(at, le) },
  { size: 1, invalid: 0xff, read: (v, at) => v.getUint8(at) }, // byte
  { size: 8, invalid: NaN, read: () => NaN }, // 64-bit integers: the SDK gives BigInts, never numbers
  { size: 8, invalid: NaN, read: () => NaN },
  { size: 8, invalid: NaN, read: () => NaN },
];
const NUMERIC_TYPES = new Set([
  "sint8",
  "uint8",
  "sint16",
  "uint16",
  "sint32",
  "uint32",
  "float32",
  "float64",
  "uint8z",
  "uint16z",
  "uint32z",
  "byte",
]);

interface FieldPlan {
  /** position in the wanted list, i.e. in the values array */
  slot: number;
  offset: number;
  size: number;
  baseType: number;
  decode: (raw: number) => FitValue;
}

interface Definition {
  global: number;
  littleEndian: boolean;
  /** bytes of the data message after its header, developer fields included */
  size: number;
  fields: FieldPlan[] | null;
}

/** How the SDK's Decoder turns a raw value of a profile field into what it returns. */
function decoderFor(mesgNum: number, fieldNum: number): (raw: number) => FitValue {
  const field = Profile.messages[mesgNum]?.fields[fieldNum];
  if (!field) throw new Error(`no profile field ${mesgNum}/${fieldNum}`);
  if (NUMERIC_TYPES.has(field.type)) {
    if (Array.isArray(field.scale) && field.scale.length > 1) return (raw) => raw;
    const scale = Array.isArray(field.scale) ? field.scale[0]! : field.scale;
    const offset = Array.isArray(field.offset) ? field.offset[0]! : field.offset;
    return (raw) => raw / scale - offset;
  }
  if (field.type === "dateTime") return (raw) => raw * 1000 + FIT_EPOCH_MS;
  const names = (Profile.types as Record<string, Record<number, string> | undefined>)[field.type];
  return (raw) => names?.[raw] ?? raw;
}

const HEADER_WITH_CRC = 14;
const HEADER_WITHOUT_CRC = 12;

/** The SDK's Decoder.isFIT at `at`: a 12- or 14-byte header naming ".FIT". */
function headerAt(bytes: Uint8Array, at: number): { size: number; dataSize: number; crc: number } | null {
  const size = bytes[at];
  if (size !== HEADER_WITH_CRC && size !== HEADER_WITHOUT_CRC) return null;
  if (bytes.length < size + 2 || at + size > bytes.length) return null;
  if (bytes[at + 8] !== 0x2e || bytes[at + 9] !== 0x46 || bytes[at + 10] !== 0x49 || bytes[at + 11] !== 0x54)
    return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, size);
  return {
    size,
    dataSize: view.getUint32(4, true),
    crc: size === HEADER_WITH_CRC ? view.getUint16(12, true) : 0,
  };
}

export const isFit = (bytes: Uint8Array) => bytes.length > 0 && headerAt(bytes, 0) !== null;

/** The SDK's Decoder.checkIntegrity: the whole first file is present and both CRCs match. */
export function fitIntact(bytes: Uint8Array): boolean {
  const header = headerAt(bytes, 0);
  if (!header) return false;
  const end = header.size + header.dataSize;
  if (bytes.length < end + 2) return false;
  if (
    header.size === HEADER_WITH_CRC &&
    header.crc !== 0 &&
    header.crc !== CrcCalculator.calculateCRC(bytes, 0, 12)
  )
    return false;
  return bytes[end]! + (bytes[end + 1]! << 8) === CrcCalculator.calculateCRC(bytes, 0, end);
}

/**
 * Calls `onMessage(mesgNum, values)` for every data message whose global
 * number is in `wanted`, with `values[i]` the decoded `wanted[mesgNum][i]`
 * field (null when absent). The array is reused: read it before returning.
 */
export function readFitMessages(
  bytes: Uint8Array,
  wanted: Record<number, readonly number[]>,
  onMessage: (mesgNum: number, values: FitValue[]) => void,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoders = new Map<number, ((raw: number) => FitValue)[]>();
  const values = new Map<number, FitValue[]>();
  for (const [mesgNum, fields] of Object.entries(wanted)) {
    decoders.set(
      Number(mesgNum),
      fields.map((f) => decoderFor(Number(mesgNum), f)),
    );
    values.set(Number(mesgNum), new Array<FitValue>(fields.length).fill(null));
  }
  const need = (at: number, size: number) => {
    if (at + size > bytes.length) throw new FitError(`end of data at byte ${at}`);
  };

  let at = 0;
  while (at < bytes.length) {
    const fileStart = at;
    const header = headerAt(bytes, at);
    if (!header) throw new FitError("not a FIT file");
    const definitions: (Definition | undefined)[] = [];
    const end = at + header.size + header.dataSize;
    at += header.size;
    while (at < end) {
      const recordHeader = bytes[at]!;
      if (recordHeader & 0x80) throw new FitError("compressed timestamp messages are not supported");
      const local = recordHeader & 0x0f;
      if (recordHeader & 0x40) {
        need(at, 6);
        const littleEndian = bytes[at + 2] === 0;
        const global = view.getUint16(at + 3, littleEndian);
        const count = bytes[at + 5]!;
        need(at + 6, count * 3);
        const slots = wanted[global];
        const fieldDecoders = decoders.get(global);
        const fields: FieldPlan[] | null = slots ? [] : null;
        let size = 0;
        for (let i = 0; i < count; i++) {
          const p = at + 6 + i * 3;
          const num = bytes[p]!;
          const fieldSize = bytes[p + 1]!;
          const baseType = bytes[p + 2]! & 0x1f;
          if (baseType >= BASE_TYPES.length) throw new FitError(`unknown base type ${baseType}`);
          const slot = slots ? slots.indexOf(num) : -1;
          if (fields && slot >= 0)
            fields.push({ slot, offset: size, size: fieldSize, baseType, decode: fieldDecoders![slot]! });
          size += fieldSize;
        }
        at += 6 + count * 3;
        if (recordHeader & 0x20) {
          need(at, 1);
          const developerFields = bytes[at]!;
          need(at + 1, developerFields * 3);
          for (let i = 0; i < developerFields; i++) size += bytes[at + 1 + i * 3 + 1]!;
          at += 1 + developerFields * 3;
        }
        definitions[local] = { global, littleEndian, size, fields };
        continue;
      }
      const definition = definitions[local];
      if (!definition) throw new FitError(`no definition for local message ${local}`);
      need(at + 1, definition.size);
      if (definition.fields) {
        const out = values.get(definition.global)!;
        out.fill(null);
        for (const field of definition.fields) {
          const type = BASE_TYPES[field.baseType]!;
          // One value of the declared type; arrays and odd sizes are not numbers here (nor in the SDK's output).
          if (field.size !== type.size) continue;
          const raw = type.read(view, at + 1 + field.offset, definition.littleEndian);
          if (raw === type.invalid || Number.isNaN(raw)) continue;
          out[field.slot] = field.decode(raw);
        }
        onMessage(definition.global, out);
      }
      at += 1 + definition.size;
    }
    need(at, 2);
    if (bytes[at]! + (bytes[at + 1]! << 8) !== CrcCalculator.calculateCRC(bytes, fileStart, at))
      throw new FitError("CRC error");
    at += 2;
  }
}
