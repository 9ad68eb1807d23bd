import { Tab, TabList } from "@headlessui/react";
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
export const TabLink = forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<"a">>(function TabLink(
  { onClick, tabIndex, ...props },
  ref,
) {
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

/** A Headless UI TabList whose tabs are `TabLink`s to their `href` (each a `?tab=` address). */
export function LinkTabList({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: readonly { id: string; label: string; href: string }[];
  className: string;
}) {
  return (
    <TabList aria-label={label} className={`grid gap-1 rounded-lg bg-gray-100 p-1 ${className}`}>
      {tabs.map((tab) => (
        <Tab
          key={tab.id}
          as={TabLink}
          href={tab.href}
          className="rounded-md px-2 py-2 text-center text-sm font-semibold text-gray-600 hover:text-gray-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-accent data-[selected]:bg-white data-[selected]:text-gray-900 data-[selected]:shadow sm:px-3"
        >
          {tab.label}
        </Tab>
      ))}
    </TabList>
  );
}
