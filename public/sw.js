// The service worker (issue #17, docs/decisions/028-charts-and-first-load.md).
// - Hashed assets (/assets/*, immutable) and the icons: cache first.
// - Pages: always the network. The signed-in member's /dashboard (and `/`, which
//   is their dashboard) is kept, per member, so that offline a returning member
//   sees their last dashboard at once, without scripts, marked as offline.
// - Never another member's page: a page is stored under the member the server
//   names in its X-Member header; only the current member's copy is ever served;
//   the page tells the worker who is signed in (root.tsx) and every page answer
//   says it too, and any change (sign-out, another member) deletes every stored page.
const VERSION = "v1";
const ASSETS = `assets-${VERSION}`;
const META = `meta-${VERSION}`;
const PAGES = "pages-"; // + encodeURIComponent(member)
const DASHBOARD_PATHS = new Set(["/", "/dashboard"]);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll(["/manifest.webmanifest", "/icons/icon-192.png", "/favicon.svg"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => !k.startsWith(PAGES) && k !== ASSETS && k !== META)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function currentMember() {
  const res = await (await caches.open(META)).match("/__member");
  return res ? (await res.json()).member : null;
}

/** Records who is signed in (null: nobody); a change deletes every stored page. */
async function setMember(member) {
  if ((await currentMember()) === member) return;
  const keys = await caches.keys();
  await Promise.all(keys.filter((k) => k.startsWith(PAGES)).map((k) => caches.delete(k)));
  await (await caches.open(META)).put("/__member", new Response(JSON.stringify({ member })));
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "member") event.waitUntil(setMember(data.member ?? null));
});

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The stored page without its scripts (it cannot hydrate offline), with the offline notice on top. */
async function offlineCopy(stored) {
  const savedAt = stored.headers.get("X-Saved-At");
  const when = savedAt ? new Date(savedAt).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" }) : "";
  const notice =
    `<div role="status" data-testid="offline-notice" style="background:#7c2d12;color:#fff;padding:.75rem 1rem;text-align:center;font-weight:600">` +
    `You are offline. This is your dashboard as it was${when ? ` on ${escapeHtml(when)}` : ""}; it updates when you are back online.</div>`;
  const html = (await stored.text())
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<template id="app-scripts">[\s\S]*?<\/template>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/(<body[^>]*>)/, `$1${notice}`)
    // Nothing will hydrate: the page is as ready as it gets (the end-to-end tests wait for this mark).
    .replace(/<html\b/, '<html data-hydrated="true" data-offline="true"');
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

const OFFLINE_PAGE = `<!doctype html><html lang="en" data-hydrated="true" data-offline="true"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · CycleWari Community</title></head><body style="font-family:system-ui,sans-serif;margin:2rem;color:#111827"><h1>You are offline</h1><p role="status" data-testid="offline-notice">This page needs a connection. Try again when you are back online.</p></body></html>`;

async function page(request) {
  const url = new URL(request.url);
  try {
    const res = await fetch(request);
    const member = res.headers.get("X-Member");
    // Every page answer says who is signed in: a change (sign-out, another member) clears the stored pages.
    if (res.ok || res.status === 404) await setMember(member || null);
    if (member && res.ok && DASHBOARD_PATHS.has(url.pathname) && res.headers.get("Content-Type")?.includes("text/html")) {
      const body = await res.clone().text();
      const headers = new Headers(res.headers);
      headers.set("X-Saved-At", new Date().toISOString());
      await (await caches.open(PAGES + encodeURIComponent(member))).put("/dashboard", new Response(body, { headers }));
    }
    return res;
  } catch {
    const member = await currentMember();
    if (member && DASHBOARD_PATHS.has(url.pathname)) {
      const stored = await (await caches.open(PAGES + encodeURIComponent(member))).match("/dashboard");
      if (stored && stored.headers.get("X-Member") === member) return offlineCopy(stored);
    }
    return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") return event.respondWith(page(request));
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) event.respondWith(asset(request));
});

// Web Push (issue #41, docs/decisions/053-web-push.md): the server's payload is
// {title, body, url, tag}; the tag is one per event, so a resent push replaces the first.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "CycleWari Community", {
      body: data.body || "",
      tag: data.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/notifications" },
    }),
  );
});

// A tap opens the item's page: in a window of the app already open if there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/notifications", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin && "navigate" in w);
      return open ? open.navigate(url).then((w) => (w || open).focus()) : self.clients.openWindow(url);
    }),
  );
});
