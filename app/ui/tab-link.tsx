import { Tab, TabList } from "~/ui/tabs";

/**
 * A TabList whose tabs are real links to their `href` (each a `?tab=`
 * address): without JavaScript a tab navigates and the server renders that
 * panel, every tab in the tab order; once hydrated a plain click and the
 * arrow keys select in the page (roving tabindex, `~/ui/tabs`). A tab's
 * `short` label stands in for its label below 640 px, so three tabs keep to
 * one line each on a 375 px phone.
 */
export function LinkTabList({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: readonly { id: string; label: string; short?: string; href: string }[];
  className: string;
}) {
  return (
    <TabList aria-label={label} className={`grid gap-1 rounded-lg bg-gray-100 p-1 ${className}`}>
      {tabs.map((tab) => (
        <Tab
          key={tab.id}
          href={tab.href}
          className="rounded-md px-2 py-2 text-center text-sm font-semibold text-gray-600 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent data-[selected]:bg-white data-[selected]:text-gray-900 data-[selected]:shadow sm:px-3"
        >
          {tab.short ? (
            <>
              <span className="sm:hidden">{tab.short}</span>
              <span className="hidden sm:inline">{tab.label}</span>
            </>
          ) : (
            tab.label
          )}
        </Tab>
      ))}
    </TabList>
  );
}
