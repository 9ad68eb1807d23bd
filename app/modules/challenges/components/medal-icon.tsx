/** A medal (completed challenges). Its own file: the dashboard's badges must not pull in
 * challenge-ui's dialog code (Headless UI) on first load (issue #17). */
export function MedalIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M8 3l2.5 6M16 3l-2.5 6" strokeLinecap="round" />
      <circle cx="12" cy="15" r="6" />
      <path d="M9.5 15l1.8 1.8 3.2-3.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
