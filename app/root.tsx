import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  data,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { isConfined } from "~/lib/guards.server";
import { avatarFor } from "~/modules/privacy/photos.server";
import { getCurrentUser, signedSessionUserId } from "~/lib/session.server";
import { readToast } from "~/lib/toast.server";
import { TimeZoneProvider, timeZoneOf, useRememberBrowserTimeZone } from "~/lib/time-zone";
import { CLUB_TIME_ZONE } from "~/lib/format";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FOOTER_ID, Footer } from "~/ui/footer";
import { Header, verifyNoteHidden, type HeaderUser } from "~/ui/header";
import { wariLabels } from "~/modules/wari/editions.server";
import { unreadNotificationCount } from "~/modules/notifications/notifications.server";
import { useHydrated } from "~/ui/hydrated";
import { BRAND } from "~/ui/brand";
import { DeferredScripts } from "~/ui/deferred-scripts";
import { wantsReact } from "~/ui/hydrate";
import { useNonce } from "~/ui/nonce";
import { ToastProvider } from "~/ui/toast";
import stylesheet from "./tailwind.css?url";
import staticPageScript from "./ui/static-page.js?url&no-inline";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "CycleWari Community" },
  { name: "theme-color", content: BRAND.DEFAULT },
  {
    name: "description",
    content: "Sync your Strava activities, join challenges and register for community events.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The Wari label is read beside the user (one small query), not after it: no second round trip.
  // So is the bell's count (decision 051): for the member the signed cookie names, used only once
  // getCurrentUser has admitted that member (then current.user.id is that id).
  const [current, toast, wari, unreadOfCookie] = await Promise.all([
    getCurrentUser(context.app, request),
    readToast(context.app, request),
    wariLabels(context.app),
    signedSessionUserId(context.app, request).then((id) =>
      id === null ? 0 : unreadNotificationCount(context.app, id),
    ),
  ]);
  const unread = current ? unreadOfCookie : 0;
  const headers = new Headers();
  if (current?.setCookie) headers.append("Set-Cookie", current.setCookie);
  if (toast.setCookie) headers.append("Set-Cookie", toast.setCookie);
  const user: HeaderUser | null = current
    ? {
        // The nav follows the current Wari edition ('Wari 2026').
        wariLabel: wari.navLabel,
        username: current.user.username,
        email: current.user.email,
        isAdmin: current.user.isAdmin,
        avatarUrl: avatarFor(current.user.id, current.user),
        confined: isConfined(current.user),
        unread,
      }
    : null;
  // The zone every date and time of the page is written in, on the server and in the browser alike.
  return data({ user, toast: toast.toast, timeZone: timeZoneOf(request, current?.user) }, { headers });
}

/** A thin bar and a spinner while the next page loads (the user is re-read on every navigation). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-busy="true"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-soft"
    >
      <div className="h-full w-1/3 animate-pulse rounded-r-full bg-brand" />
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  // Empty under `npm run dev` and in the browser: render no nonce attribute then.
  const nonce = useNonce() || undefined;
  const matches = useMatches();
  const withReact = wantsReact(matches);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* One first render of the whole page, not one per parser chunk (decision 028). */}
        <link rel="expect" href={`#${FOOTER_ID}`} {...{ blocking: "render" }} />
        {withReact ? null : <link rel="modulepreload" href={staticPageScript} />}
      </head>
      <body className="flex min-h-full flex-col">
        <TimeZoneProvider zone={loaderData?.timeZone ?? CLUB_TIME_ZONE}>
          <ToastProvider initial={loaderData?.toast ?? null}>
            <a
              href="#main-content"
              className="sr-only z-[80] rounded-md bg-white px-4 py-2 font-semibold text-brand shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
            >
              Skip to content
            </a>
            <NavigationProgress />
            <Header user={loaderData?.user ?? null} hideVerifyNote={verifyNoteHidden(matches)} />
            <div id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </div>
            <Footer />
          </ToastProvider>
        </TimeZoneProvider>
        {withReact ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <DeferredScripts nonce={nonce} />
          </>
        ) : (
          <script type="module" src={staticPageScript} nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { user, timeZone } = useLoaderData<typeof loader>();
  // Marks the document as interactive (end-to-end tests wait for it) once the transition that
  // follows hydration is rendered: every `useHydrated()` switches to true in that same render.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  useRememberBrowserTimeZone(timeZone, hydrated);
  // Tells the service worker who is signed in (after every navigation, sign-in and sign-out):
  // a change deletes the stored dashboard of the previous member (public/sw.js).
  const member = user?.username ?? null;
  useEffect(() => {
    navigator.serviceWorker?.ready
      .then((r) => r.active?.postMessage({ type: "member", member }))
      .catch(() => {});
  }, [member]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
