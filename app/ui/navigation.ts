/**
 * Remix's submit/navigate return promises that reject with an AbortError when
 * a newer navigation interrupts them (a quick second change of a filter). That
 * is expected, not a failure: swallow it so it never reaches the console as an
 * unhandled rejection; anything else is still reported.
 */
export function settle(result: unknown): void {
  if (!result || typeof (result as Promise<unknown>).catch !== "function") return;
  (result as Promise<unknown>).catch((error: unknown) => {
    if (error instanceof Error && error.name === "AbortError") return;
    console.error(error);
  });
}
