import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import { useHydrated } from "~/ui/charts/lazy-chart";

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A Headless UI tab that is a real link to `?tab=…`. Without JavaScript it
 * navigates and the server renders that panel; every tab is then in the tab
 * order. Once hydrated, Headless UI owns it (click and arrow keys select,
 * roving tabindex) and the plain click stays on the page.
 */
export const TabLink = forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<"a">>(function TabLink({ onClick, tabIndex, ...props }, ref) {
  const hydrated = useHydrated();
  return (
    <a
      ref={ref}
      {...props}
      tabIndex={hydrated ? tabIndex : 0}
      onClick={(event) => {
        onClick?.(event);
        if (isPlainClick(event)) event.preventDefault();
      }}
    />
  );
});
