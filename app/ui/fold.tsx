import { useState, type ReactNode } from "react";
import { documentHydrated } from "./hydrated";

/**
 * A `<details>` whose contents the server renders in full (they work without
 * JavaScript: plain forms, links, nested `<details>`) but the browser hydrates
 * only once the group is opened. While closed after hydration the contents are
 * the server's markup, left as it is: an element with an empty
 * `dangerouslySetInnerHTML` is not compared in production builds, so React
 * neither walks nor rebuilds it. Opening the group renders the live
 * components in its place. A fold mounted after hydration (a plan generated
 * in the page, a navigation) renders its live contents at once. This keeps
 * hundreds of folded elements out of the page's hydration (issue #17,
 * decision 028: `/wari`'s past weeks).
 */
export function Fold({
  open,
  summary,
  className,
  contentClassName,
  testId,
  children,
}: {
  open: boolean;
  summary: ReactNode;
  className?: string;
  contentClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  // The server renders the contents; hydration keeps them as markup; a later mount renders them.
  const [opened, setOpened] = useState(() => open || typeof document === "undefined" || documentHydrated());
  // Opened by the member, or later by the page itself (a navigation to ?week= inside the group).
  const live = opened || open;
  return (
    <details
      open={open}
      className={className}
      data-testid={testId}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      {summary}
      {live ? (
        <div className={contentClassName}>{children}</div>
      ) : (
        <div className={contentClassName} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      )}
    </details>
  );
}
