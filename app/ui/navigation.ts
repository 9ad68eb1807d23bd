import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

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

/**
 * One click handler for a block of plain `<a href>` links to pages of this
 * app: a plain left click (or Enter on a focused link) navigates in place,
 * like Remix's `<Link>`; a modified click, another origin, `target` or
 * `download` is left to the browser. A long list of `<Link>`s costs two
 * components and a handful of router hooks per link when the page hydrates;
 * this costs one hook for the whole block (decision 028). Without JavaScript
 * the links are ordinary links.
 */
export function useLinkDelegation(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element).closest("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      settle(navigate(url.pathname + url.search + url.hash));
    },
    [navigate],
  );
}
