import { TabGroup, TabPanel, TabPanels } from "~/ui/tabs";
import { useLocation } from "@remix-run/react";
import { LinkTabList } from "~/ui/tab-link";
import { GUIDE_TABS, guideTabIndex, guideTabSearch, parseGuideTab } from "../tabs";
import {
  DashboardGuide,
  GettingStartedGuide,
  OtherFeaturesGuide,
  WariGuide,
  type GuideEdition,
} from "./guide-panels";
import { cardClass } from "~/ui/card";

const PANELS = {
  "getting-started": GettingStartedGuide,
  dashboard: DashboardGuide,
  other: OtherFeaturesGuide,
} as const;

/** /user-guide (spec part 2 §2): public; tabs Getting Started, Dashboard, Wari {year}, Other Features; a support contact. */
export function UserGuide({ supportEmail, edition }: { supportEmail: string; edition: GuideEdition | null }) {
  const wariLabel = edition?.navLabel ?? "Wari";
  const { search } = useLocation();
  const initial = parseGuideTab(new URLSearchParams(search).get("tab"));

  // The address follows the selected tab so a reload or a shared link opens it
  // again. Only the address changes: the guide is static, nothing to reload.
  const remember = (index: number) => {
    window.history.replaceState(
      window.history.state,
      "",
      guideTabSearch(window.location.search, GUIDE_TABS[index]!.id),
    );
  };

  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">User Guide</h1>
      <p className="mt-1 text-gray-600">
        Everything you need to get going with CycleWari Community: your account, Strava, the dashboard, the
        {`${wariLabel} ride and the rest.`}
      </p>

      {/* Remounts when the router brings another ?tab= (a link from elsewhere). */}
      <TabGroup key={initial} defaultIndex={guideTabIndex(initial)} onChange={remember} className="mt-6">
        <LinkTabList
          label="User guide sections"
          className="grid-cols-2 sm:grid-cols-4"
          tabs={GUIDE_TABS.map((tab) => ({
            ...tab,
            label: tab.id === "wari" ? wariLabel : tab.label,
            href: guideTabSearch(search, tab.id),
          }))}
        />
        <TabPanels className="mt-6">
          {GUIDE_TABS.map((tab) => {
            const Panel = tab.id === "wari" ? null : PANELS[tab.id];
            return (
              <TabPanel
                key={tab.id}
                data-testid={`guide-${tab.id}`}
                className={cardClass({
                  padding: "sm",
                  className: "focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent",
                })}
              >
                {Panel ? <Panel /> : <WariGuide edition={edition} />}
              </TabPanel>
            );
          })}
        </TabPanels>
      </TabGroup>

      <section
        aria-labelledby="support-heading"
        className="mt-6 rounded-xl border border-brand-soft bg-brand-tint p-4 sm:p-6"
      >
        <h2 id="support-heading" className="text-lg font-semibold text-gray-900">
          Need help?
        </h2>
        <p className="mt-1 text-gray-700">
          Questions, problems with your account or Strava sync, or ideas for the community: write to our
          support team at{" "}
          <a
            href={`mailto:${supportEmail}`}
            className="break-all font-semibold text-brand underline hover:text-brand"
          >
            {supportEmail}
          </a>
          . Signed-in members can also send feedback from the Feedback page.
        </p>
      </section>
    </main>
  );
}
