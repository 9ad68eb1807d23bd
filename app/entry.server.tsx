import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { wantsReactFor } from "~/ui/hydrate";
import { NonceProvider } from "~/ui/nonce";
import stylesheet from "./tailwind.css?url";

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The nonce of the CSP that workers/app.ts sends with this page (none under `npm run dev`).
  const nonce = loadContext.app?.cspNonce;
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce ?? ""}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );

  body.allReady.then(() => clearTimeout(timeoutId));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.append("Link", preloadLinks(remixContext));
  // Who this page belongs to, for the service worker's per-member copy of the dashboard (public/sw.js).
  const member = (
    remixContext.staticHandlerContext.loaderData.root as { user?: { username?: string } | null } | undefined
  )?.user?.username;
  if (member) responseHeaders.set("X-Member", encodeURIComponent(member));
  // Security headers (CSP with the nonce above, nosniff, no-store, …) are added for every answer in workers/app.ts.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * What the first screen needs, as a `Link` header (issue #17): the stylesheet and, on a
 * page that hydrates, Remix's entry module and its imports. Cloudflare sends these as
 * `103 Early Hints` while the Worker is still rendering (when Early Hints is on for the
 * zone); browsers treat them as preloads either way. The visitors' landing page runs no
 * React, so it asks for the stylesheet only.
 */
function preloadLinks(context: EntryContext): string {
  const links = [`<${stylesheet}>; rel=preload; as=style`];
  const { matches, loaderData } = context.staticHandlerContext;
  const withReact = wantsReactFor(
    matches.map((m) => ({ handle: context.routeModules[m.route.id]?.handle, data: loaderData[m.route.id] })),
  );
  if (withReact) {
    const { entry } = context.manifest;
    for (const href of [entry.module, ...entry.imports]) links.push(`<${href}>; rel=modulepreload`);
  }
  return links.join(", ");
}
