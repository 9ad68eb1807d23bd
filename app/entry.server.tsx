import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
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

  responseHeaders.append("Link", PRELOAD_LINKS);
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
 * What the first screen needs, as a `Link` header (issue #17): the stylesheet. Cloudflare sends
 * it as `103 Early Hints` while the Worker is still rendering (when Early Hints is on for the
 * zone); browsers treat it as a preload either way. The scripts are not announced: pages that
 * hydrate fetch them after the first paint (app/ui/deferred-scripts.tsx, decision 028).
 */
const PRELOAD_LINKS = `<${stylesheet}>; rel=preload; as=style`;
