import { useEffect, useState, type RefObject } from "react";

/** Runs `run` when the browser is idle (at the latest after `timeout` ms); returns a cancel function. */
function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout });
  return () => cancelIdleCallback(handle);
}

/**
 * True once a part of the page may start its work (and stays true): its box has
 * come within `margin` of the viewport (a quarter of a screen by default) and
 * the browser has had an idle moment, so the work never lands in the same burst
 * as hydration. ApexCharts renders in one synchronous task (decision 028): a
 * chart below the fold starts only when the member scrolls towards it, so a page
 * load (and Lighthouse's trace of it) runs no chart that nobody sees; the
 * dashboard's fitness and recommendation cards fetch their data the same way.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "25% 0px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const start = () => setNear(true);
    if (typeof IntersectionObserver === "undefined") return whenIdle(start, 1000);
    let cancelIdle = () => {};
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        cancelIdle = whenIdle(start, 1000);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [ref, margin, near]);
  return near;
}
