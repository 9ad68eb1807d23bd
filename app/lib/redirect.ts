/** Redirect targets taken from requests (security review finding #4; docs/decisions/019-input-handling.md). */
const BASE = "http://app.invalid";

/**
 * The one check for every `redirectTo` / `returnTo`: a path on this origin or
 * the fallback. Control characters (browsers drop a TAB or newline, so
 * `/\t/evil.example` would become `//evil.example`) and backslashes (read as
 * `/` by browsers) are refused outright; what is left is parsed as a URL
 * relative to this origin and kept only if it stays on it. The answer is the
 * normalised path + query + hash, so it is always a valid header value.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (!to || typeof to !== "string" || !to.startsWith("/") || to.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
