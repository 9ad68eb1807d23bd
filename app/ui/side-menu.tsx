/**
 * The phone menu (Headless UI's Dialog: focus trapped and returned, Escape and
 * the backdrop close it). Its own chunk: header.tsx loads it the first time the
 * menu opens, so the dialog code is not in every page's first load (issue #17).
 */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { NavLink } from "@remix-run/react";

export default function SideMenu({
  open,
  onClose,
  links,
}: {
  open: boolean;
  onClose: () => void;
  links: { to: string; label: string }[];
}) {
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
