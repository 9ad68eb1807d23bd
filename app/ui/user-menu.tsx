/**
 * The account menu: a WAI-ARIA menu button without Headless UI (issue #17: its
 * Menu and the floating-ui anchoring were ~20 KB gzip of every signed-in first
 * load). Enter, Space or ArrowDown open it on the first item, ArrowUp on the
 * last; ArrowUp/ArrowDown/Home/End move between items; Escape closes it and
 * returns focus to the button; Tab, a click outside or choosing an item closes it.
 */
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { settle } from "./navigation";
import { useToast } from "./toast";
import { Avatar } from "./avatar";

const userMenuLinks = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/recommendations", label: "Workout Recommendations" },
  { to: "/events", label: "Events" },
  { to: "/wari", label: "Wari" },
  { to: "/feedback", label: "Submit Feedback" },
  { to: "/profile-settings", label: "Profile Settings" },
  { to: "/user-guide", label: "User Guide" },
];

const ITEM = "block w-full rounded px-3 py-2 text-left text-sm focus:outline-none";

export function UserMenu({ user }: { user: { username: string; email: string; avatarUrl?: string | null } }) {
  // A fetcher, so a logout whose request fails (offline, the server answers 5xx) can say
  // 'Logout failed' (part 1 §8; see the clientAction in routes/logout.tsx) and keep the page.
  const logout = useFetcher<{ logoutFailed: true }>({ key: "logout" });
  const toast = useToast();
  const loggingOut = logout.state !== "idle";
  useEffect(() => {
    if (logout.state === "idle" && logout.data?.logoutFailed)
      toast({ title: "Logout failed", variant: "destructive" });
  }, [logout.state, logout.data, toast]);

  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  /** Null when closed; else the item to focus ("first", "last"). */
  const [open, setOpen] = useState<null | "first" | "last">(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === "last" ? list.at(-1) : list[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(null);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowUp" ? "last" : "first");
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };

  return (
    <div className="relative flex items-center">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpen("first"))}
        onKeyDown={onButtonKey}
        className="flex h-9 w-9 items-center justify-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent"
        aria-label={`Account menu for ${user.username}`}
      >
        <Avatar name={user.username} src={user.avatarUrl} size="md" />
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          <div className="border-b border-gray-100 px-3 py-2">
            <p className="truncate text-sm font-semibold text-gray-900">{user.username}</p>
            <p className="truncate text-xs text-gray-500">{user.email}</p>
          </div>
          {userMenuLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              role="menuitem"
              tabIndex={-1}
              onClick={() => close(false)}
              className={`${ITEM} text-gray-700 hover:bg-gray-100 focus:bg-gray-100`}
            >
              {link.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close(true);
              settle(logout.submit(null, { method: "post", action: "/logout" }));
            }}
            disabled={loggingOut}
            className={`${ITEM} text-red-700 hover:bg-red-50 focus:bg-red-50 disabled:opacity-60`}
          >
            {loggingOut ? "Logging out..." : "Log out"}
          </button>
        </div>
      ) : null}
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
    </div>
  );
}
