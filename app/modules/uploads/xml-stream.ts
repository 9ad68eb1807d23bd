/**
 * A streaming XML reader restricted to what GPX and TCX need, in bounded
 * memory whatever the file: the bytes are decoded CHUNK at a time, and the
 * reader keeps only the unfinished token (at most MAX_TOKEN characters), the
 * stack of open element names (at most MAX_DEPTH) and whatever text its
 * handler chooses to keep. Comments, processing instructions and the text of
 * elements nobody asked for are skipped, never buffered.
 *
 * Why not a library: `sax`/`saxes` buffer every text node, comment and
 * attribute value whole (a 25 MB text node costs 25-50 MB), and
 * fast-xml-parser builds the whole tree (a 24 MB GPX took ~366 MB of heap).
 *
 * It checks what makes XML well formed for these files (one root, matching
 * end tags, quoted attributes, `&` only as a reference, nothing unterminated)
 * and throws `XmlError` otherwise. A DOCTYPE or ENTITY declaration anywhere in
 * the file (the only way to define entities: "billion laughs", external ones)
 * is refused before any of the chunk holding it is read; references other
 * than XML's five predefined ones and character references are never expanded.
 */

export type XmlProblem = "doctype" | "invalid" | "tooDeep";

export class XmlError extends Error {
  constructor(readonly problem: XmlProblem) {
    super(`XML: ${problem}`);
    this.name = "XmlError";
  }
}

export interface XmlHandler {
  /** `name` without its namespace prefix; `attributes` is the raw text after the name (see `attribute`). */
  open(name: string, attributes: string): void;
  close(name: string): void;
  /** Whether the innermost open element's text is wanted (text nobody wants is checked, never copied). */
  wantsText(): boolean;
  /** Character data of the innermost open element, raw (references not decoded) unless `cdata`. */
  text(raw: string, cdata: boolean): void;
}

/** Bytes decoded at a time. */
export const CHUNK = 64 * 1024;
/** Longest tag (or unfinished reference) accepted, in characters. */
export const MAX_TOKEN = 1024 * 1024;
export const MAX_DEPTH = 256;

const DECLARATION = /<!(DOCTYPE|ENTITY)/i;
/** `&` that does not start a reference. */
const BARE_AMPERSAND = /&(?!(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_:][\w.:-]*);)/;
const ATTRIBUTES = /^(\s+[^\s<>/="'&]+\s*=\s*("[^"<]*"|'[^'<]*'))*\s*$/;

const localName = (name: string) => {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute's raw value from a tag's attribute text (references not decoded), or undefined. */
export function attribute(attributes: string, name: string): string | undefined {
  if (!attributes) return undefined;
  const re = /([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  for (let m = re.exec(attributes); m; m = re.exec(attributes))
    if (localName(m[1]!) === name) return m[3] ?? m[4];
  return undefined;
}

/** XML's five predefined entities and character references, decoded; any other reference is left as written. */
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
export const unescapeXml = (s: string) =>
  s.indexOf("&") < 0
    ? s
    : s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
        e[0] === "#"
          ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
          : (PREDEFINED[e.toLowerCase()] ?? ""),
      );

type State = "content" | "comment" | "cdata" | "pi";
const TERMINATOR: Record<Exclude<State, "content">, string> = { comment: "-->", cdata: "]]>", pi: "?>" };

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
/** Characters that end a tag's name, or may not appear in one. */
const notInName = (c: number) =>
  isSpace(c) ||
  c === SLASH ||
  c === GT ||
  c === LT ||
  c === 0x3d ||
  c === QUOTE ||
  c === APOSTROPHE ||
  c === 0x26 ||
  c === 0x21 ||
  c === 0x3f;

/** Reads a whole document (bytes as UTF-8, or a string) into `handler`. */
export function readXml(input: Uint8Array | string, handler: XmlHandler): void {
  const names: string[] = []; // open elements as written (with prefix)
  const locals: string[] = []; // and without
  let rootSeen = false;
  let state: State = "content";
  let buf = "";
  let amp = -1; // index of the next "&" in buf at or after the scan position (buf.length: none)
  let tail = ""; // the previous chunk's last characters, for a declaration split across chunks

  const fail = (problem: XmlProblem = "invalid"): never => {
    throw new XmlError(problem);
  };

  /** Text buf[from, to): "&" only as a reference; outside the root only white space. */
  const content = (from: number, to: number) => {
    if (from >= to) return;
    if (amp < from) amp = buf.indexOf("&", from) >>> 0; // -1 becomes a huge index
    if (amp < to && BARE_AMPERSAND.test(buf.slice(amp, to))) fail();
    if (names.length === 0) {
      for (let k = from; k < to; k++) if (!isSpace(buf.charCodeAt(k))) fail();
    } else if (handler.wantsText()) handler.text(buf.slice(from, to), false);
  };

  /** The tag buf[lt, gt] ("<" … ">"). */
  const tag = (lt: number, gt: number) => {
    if (buf.charCodeAt(lt + 1) === SLASH) {
      const name = names.pop();
      if (name === undefined || !buf.startsWith(name, lt + 2)) fail();
      for (let k = lt + 2 + name!.length; k < gt; k++) if (!isSpace(buf.charCodeAt(k))) fail();
      handler.close(locals.pop()!);
      return;
    }
    const selfClosing = buf.charCodeAt(gt - 1) === SLASH;
    const end = selfClosing ? gt - 1 : gt;
    let nameEnd = lt + 1;
    let colon = -1;
    for (; nameEnd < end; nameEnd++) {
      const c = buf.charCodeAt(nameEnd);
      if (notInName(c)) break;
      if (c === 0x3a) colon = nameEnd;
    }
    if (nameEnd === lt + 1 || (nameEnd < end && !isSpace(buf.charCodeAt(nameEnd)))) fail();
    const attributes = nameEnd < end ? buf.slice(nameEnd, end) : "";
    if (attributes && !ATTRIBUTES.test(attributes)) fail();
    if (names.length === 0) {
      if (rootSeen) fail();
      rootSeen = true;
    }
    if (names.length >= MAX_DEPTH) fail("tooDeep");
    const local = buf.slice(colon < 0 ? lt + 1 : colon + 1, nameEnd);
    handler.open(local, attributes);
    if (selfClosing) handler.close(local);
    else {
      names.push(colon < 0 ? local : buf.slice(lt + 1, nameEnd));
      locals.push(local);
    }
  };

  /** Consumes what it can of `buf`; leaves an unfinished token in it. */
  const consume = (final: boolean) => {
    let i = 0;
    amp = -1;
    while (i < buf.length) {
      if (state !== "content") {
        const terminator = TERMINATOR[state];
        const end = buf.indexOf(terminator, i);
        if (end < 0) {
          // Keep only what could start the terminator.
          const keep = Math.max(i, buf.length - (terminator.length - 1));
          if (state === "cdata" && keep > i && handler.wantsText()) handler.text(buf.slice(i, keep), true);
          i = keep;
          break;
        }
        if (state === "cdata" && end > i && handler.wantsText()) handler.text(buf.slice(i, end), true);
        i = end + terminator.length;
        state = "content";
        continue;
      }
      const lt = buf.indexOf("<", i);
      if (lt < 0) {
        // Text up to the end; an unfinished reference waits for the next chunk.
        let end = buf.length;
        const lastAmp = buf.lastIndexOf("&");
        if (!final && lastAmp >= i && buf.indexOf(";", lastAmp) < 0) end = lastAmp;
        content(i, end);
        i = end;
        break;
      }
      content(i, lt);
      i = lt;
      if (buf.length - lt < 9 && !final) break; // not enough to tell "<![CDATA[" from a tag
      const next = buf.charCodeAt(lt + 1);
      if (next === 0x21) {
        if (buf.startsWith("<!--", lt)) {
          state = "comment";
          i = lt + 4;
        } else if (buf.startsWith("<![CDATA[", lt) && names.length > 0) {
          state = "cdata";
          i = lt + 9;
        } else fail();
      } else if (next === 0x3f) {
        state = "pi";
        i = lt + 2;
      } else {
        // The tag ends at the first ">" outside quotes.
        let quote = 0;
        let gt = -1;
        for (let k = lt + 1; k < buf.length; k++) {
          const c = buf.charCodeAt(k);
          if (quote) {
            if (c === quote) quote = 0;
          } else if (c === QUOTE || c === APOSTROPHE) quote = c;
          else if (c === GT) {
            gt = k;
            break;
          }
        }
        if (gt < 0) break;
        tag(lt, gt);
        i = gt + 1;
      }
    }
    buf = buf.slice(i);
    if (buf.length > MAX_TOKEN) fail();
  };

  const feed = (chunk: string, final: boolean) => {
    if (DECLARATION.test(tail + chunk)) fail("doctype");
    tail = chunk.slice(-8);
    buf += chunk;
    consume(final);
  };

  if (typeof input === "string") {
    if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
    for (let at = 0; at < input.length; at += CHUNK)
      feed(input.slice(at, at + CHUNK), at + CHUNK >= input.length);
    if (input.length === 0) feed("", true);
  } else {
    const decoder = new TextDecoder("utf-8", { fatal: false });
    for (let at = 0; at < input.length; at += CHUNK) {
      const last = at + CHUNK >= input.length;
      feed(decoder.decode(input.subarray(at, at + CHUNK), { stream: !last }), last);
    }
    if (input.length === 0) feed("", true);
  }
  if (state !== "content" || buf.length > 0 || names.length > 0 || !rootSeen) fail();
}
