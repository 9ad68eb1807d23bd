import { Dialog, DialogPanel, DialogTitle, Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Form, Link, NavLink, useFetcher } from "@remix-run/react";
import { settle } from "./navigation";
import { useEffect, useState } from "react";
import { Button } from "~/ui/button";
import { useToast } from "./toast";

export interface HeaderUser {
  username: string;
  email: string;
  isAdmin: boolean;
  /** Not verified yet: every page but the profile's leads back to profile settings. */
  confined?: boolean;
}

interface NavItem {
  to: string;
  label: string;
}

/**
 * Top-bar links for a signed-in user (spec part 1 section 2, plus Events, which
 * the spec listed only in the phone menu: a desktop member could not find it);
 * Admin only for admins.
 */
export function navLinks(user: HeaderUser | null): NavItem[] {
  if (!user) return [];
  const links: NavItem[] = [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/recommendations", label: "Recommendations" },
    { to: "/challenges", label: "Challenges" },
    { to: "/events", label: "Events" },
    { to: "/wari", label: "Wari 2025" },
    { to: "/feedback", label: "Feedback" },
  ];
  if (user.isAdmin) links.push({ to: "/admin", label: "Admin" });
  return links;
}

const userMenuLinks: NavItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/recommendations", label: "Workout Recommendations" },
  { to: "/events", label: "Events" },
  { to: "/wari", label: "Wari 2025" },
  { to: "/feedback", label: "Submit Feedback" },
  { to: "/profile-settings", label: "Profile Settings" },
  { to: "/user-guide", label: "User Guide" },
];

export function Header({ user }: { user: HeaderUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const links = navLinks(user);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        {user ? (
          <button
            type="button"
            className="rounded-md p-2 text-gray-700 hover:bg-gray-100 md:hidden"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
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
          {/* Between 768 and 1024 px the badge alone names the app, so every link fits on one line. */}
          <span className="md:max-lg:sr-only">CycleWari Community</span>
        </Link>
        <nav
          aria-label="Main"
          className="hidden flex-1 items-center gap-0.5 md:ml-2 md:flex lg:ml-6 lg:gap-1"
        >
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              prefetch="intent"
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium lg:px-3 ${isActive ? "bg-brand-tint text-brand" : "text-gray-700 hover:bg-gray-100"}`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Button to="/auth" size="none" className="px-4 py-2 text-sm font-medium">
              Sign In
            </Button>
          )}
        </div>
      </div>
      {user?.confined ? (
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
      {user ? <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} links={links} /> : null}
    </header>
  );
}

function SideMenu({ open, onClose, links }: { open: boolean; onClose: () => void; links: NavItem[] }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
        <div className="flex items-center justify-between">
          <DialogTitle className="font-bold text-gray-900">Menu</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="rounded p-2 text-gray-600 hover:bg-gray-100"
            aria-label="Close menu"
          >
            ✕
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              onClick={onClose}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 font-medium ${isActive ? "bg-brand-tint text-brand" : "text-gray-800 hover:bg-gray-100"}`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      </DialogPanel>
    </Dialog>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  // A fetcher, so a logout whose request fails (offline, the server answers 5xx) can say
  // 'Logout failed' (part 1 §8; see the clientAction in routes/logout.tsx) and keep the page.
  const logout = useFetcher<{ logoutFailed: true }>({ key: "logout" });
  const toast = useToast();
  const loggingOut = logout.state !== "idle";
  useEffect(() => {
    if (logout.state === "idle" && logout.data?.logoutFailed)
      toast({ title: "Logout failed", variant: "destructive" });
  }, [logout.state, logout.data, toast]);
  return (
    <Menu as="div" className="relative flex items-center">
      <MenuButton
        className="flex h-9 w-9 items-center justify-center rounded-full bg-gray-800 text-sm font-semibold uppercase text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent"
        aria-label={`Account menu for ${user.username}`}
      >
        {user.username.slice(0, 1)}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-64 rounded-md border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        <div className="border-b border-gray-100 px-3 py-2">
          <p className="truncate text-sm font-semibold text-gray-900">{user.username}</p>
          <p className="truncate text-xs text-gray-500">{user.email}</p>
        </div>
        {userMenuLinks.map((link) => (
          <MenuItem key={link.to}>
            <Link
              to={link.to}
              className="block rounded px-3 py-2 text-sm text-gray-700 data-[focus]:bg-gray-100"
            >
              {link.label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button
            type="button"
            onClick={() => settle(logout.submit(null, { method: "post", action: "/logout" }))}
            disabled={loggingOut}
            className="block w-full rounded px-3 py-2 text-left text-sm text-red-700 data-[focus]:bg-red-50 disabled:opacity-60"
          >
            {loggingOut ? "Logging out..." : "Log out"}
          </button>
        </MenuItem>
      </MenuItems>
      <noscript>
        <button type="submit" form="logout-form" className="ml-2 text-sm font-medium text-red-700 underline">
          Log out
        </button>
      </noscript>
      {/* Without JavaScript the menu cannot open; this form backs the noscript button. */}
      <Form id="logout-form" method="post" action="/logout" className="hidden" />
      {loggingOut ? (
        <span role="status" className="absolute right-11 top-2 whitespace-nowrap text-sm text-gray-600">
          Logging out...
        </span>
      ) : null}
    </Menu>
  );
}
