import { Link } from "@remix-run/react";

/** The footer's id: the root layout's `<link rel="expect">` holds the first render until it is parsed. */
export const FOOTER_ID = "site-footer";

/** The footer of every page (root layout): the privacy policy, terms and user guide are one click away from anywhere. */
export function Footer() {
  return (
    <footer id={FOOTER_ID} className="mt-12 border-t border-gray-200 bg-white">
      <nav
        aria-label="Footer"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-gray-600"
      >
        <span>CycleWari Community</span>
        <Link to="/privacy" className="font-medium text-gray-700 hover:text-brand-strong hover:underline">
          Privacy
        </Link>
        <Link to="/terms" className="font-medium text-gray-700 hover:text-brand-strong hover:underline">
          Terms
        </Link>
        <Link to="/user-guide" className="font-medium text-gray-700 hover:text-brand-strong hover:underline">
          User Guide
        </Link>
      </nav>
    </footer>
  );
}
