import { Link, NavLink } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/ui/button";
import { UserMenu } from "./user-menu";

/** Headless UI's Dialog, fetched the first time the phone menu opens (issue #17). */
const SideMenu = lazy(() => import("./side-menu"));

export interface HeaderUser {
  username: string;
  email: string;
  isAdmin: boolean;
  /** The member's own picture: their profile image, else their Strava photo (decision 029). */
  avatarUrl?: string | null;
  /** Not verified yet: every page but the profile's leads back to profile settings. */
  confined?: boolean;
  /** The current Wari edition's nav label ('Wari 2026'). */
  wariLabel?: string;
  /** Unread notifications: the bell's count (decision 051). */
  unread?: number;
}

/**
 * A route's `handle` may say that the page itself tells the member about
 * verification (profile settings' notice with its resend button, the "Email
 * verified" answer), so the header's verify note is not shown twice or after
 * the fact.
 */
export interface VerifyNoteHandle {
  hidesVerifyNote?: (data: unknown) => boolean;
}

/** Whether one of the matched routes hides the verify note (see `VerifyNoteHandle`). */
export function verifyNoteHidden(matches: { handle?: unknown; data?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as VerifyNoteHandle | undefined)?.hidesVerifyNote?.(m.data));
}

interface NavItem {
  to: string;
  label: string;
}

/**
 * Top-bar links for a signed-in user, the same in the phone menu (spec part 1
 * section 2, plus Events, which the spec listed only in the phone menu, and
 * Activities, which no menu had: issue #37); Admin only for admins.
 */
export function navLinks(user: HeaderUser | null): NavItem[] {
  if (!user) return [];
  const links: NavItem[] = [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/activities", label: "Activities" },
    { to: "/recommendations", label: "Recommendations" },
    { to: "/challenges", label: "Challenges" },
    { to: "/club", label: "Club" },
    { to: "/events", label: "Events" },
    { to: "/wari", label: user.wariLabel ?? "Wari" },
    { to: "/feedback", label: "Feedback" },
  ];
  if (user.isAdmin) links.push({ to: "/admin", label: "Admin" });
  return links;
}

/** The bell: a link to /notifications whose name carries the unread count. */
function NotificationBell({ unread }: { unread: number }) {
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative rounded-md p-1.5 text-gray-700 hover:bg-gray-100 lg:p-2"
      data-testid="notification-bell"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}

export function Header({
  user,
  hideVerifyNote = false,
}: {
  user: HeaderUser | null;
  hideVerifyNote?: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so closing it returns focus to the button.
  const [menuUsed, setMenuUsed] = useState(false);
  const links = navLinks(user);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        {user ? (
          <button
            type="button"
            className="rounded-md p-2 text-gray-700 hover:bg-gray-100 md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        ) : null}
        <Link to="/" className="flex items-center gap-2 font-bold text-gray-900">
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-full bg-brand text-white"
          >
            CW
          </span>
          {/* Between 768 and 1024 px the badge alone names the app and the links are tighter and smaller, so all fit on one line. */}
          <span className="md:max-lg:sr-only">CycleWari Community</span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center md:ml-1 md:flex lg:ml-6 lg:gap-1">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              prefetch="intent"
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-1 py-2 text-xs font-medium lg:px-3 lg:text-sm ${isActive ? "bg-brand-tint text-brand" : "text-gray-700 hover:bg-gray-100"}`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          {user && !user.confined ? <NotificationBell unread={user.unread ?? 0} /> : null}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Button to="/auth" size="none" className="px-4 py-2 text-sm font-medium">
              Sign In
            </Button>
          )}
        </div>
      </div>
      {user?.confined && !hideVerifyNote ? (
        <p
          role="note"
          data-testid="verify-note"
          className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
        >
          Verify your email address to unlock the app: until then these links lead back to{" "}
          <Link to="/profile-settings" className="font-semibold underline">
            Profile Settings
          </Link>
          , where you can resend the e-mail.
        </p>
      ) : null}
      {user && menuUsed ? (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} links={links} />
        </Suspense>
      ) : null}
    </header>
  );
}
