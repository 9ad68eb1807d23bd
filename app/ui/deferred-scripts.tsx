import { Scripts } from "@remix-run/react";

/**
 * Remix's scripts, fetched once the first screen has been painted (issue #17, decision 028).
 *
 * The server renders `<Scripts>` inside a `<template>`: its module preloads and module script
 * are inert there, so the phone spends its first round trips on the page and its stylesheet,
 * not on ~120 KB of JavaScript that cannot paint anything. The small script after it
 * ({@link LOADER}) runs Remix's context script at once (the data stream's scripts after
 * `</html>` write into it) and adds the rest of the template to the page when the browser
 * reports its first contentful paint, at once in a hidden tab or a browser without paint
 * timing, and after {@link FALLBACK_MS} in any case. The pages work without JavaScript
 * meanwhile: links and forms are plain HTML.
 *
 * In the browser the template is hydrated as it is (an empty `dangerouslySetInnerHTML`, which
 * React does not compare), so the scripts are never rendered twice.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  return (
    <>
      {typeof document === "undefined" ? (
        <template id={TEMPLATE_ID}>
          <Scripts nonce={nonce} />
        </template>
      ) : (
        <template id={TEMPLATE_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      )}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER }} />
    </>
  );
}

const TEMPLATE_ID = "app-scripts";

/** How long the scripts wait for a first paint the browser never reports. */
const FALLBACK_MS = 5000;

// A classic inline script (it runs while the page is parsed). Scripts cloned out of a template
// run when inserted and keep their nonce.
const LOADER = `(function () {
  var d = document, scripts = d.getElementById(${JSON.stringify(TEMPLATE_ID)}).content;
  var context = scripts.querySelector("script:not([type])");
  if (context) { d.currentScript.after(d.importNode(context, true)); context.remove(); }
  var done = false;
  // A few elements per task: each preload starts a request, and no task should block for long.
  function add(nodes) {
    d.body.append.apply(d.body, nodes.splice(0, 4));
    if (nodes.length) setTimeout(add, 0, nodes);
  }
  function load() {
    if (done) return;
    done = true;
    setTimeout(add, 0, Array.prototype.slice.call(d.importNode(scripts, true).children));
  }
  try {
    if (d.visibilityState !== "visible" || PerformanceObserver.supportedEntryTypes.indexOf("paint") < 0) throw 0;
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); load(); }
    }).observe({ type: "paint", buffered: true });
    setTimeout(load, ${FALLBACK_MS});
  } catch (e) {
    load();
  }
})();`;
