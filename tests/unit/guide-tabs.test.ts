import { describe, expect, it } from "vitest";
import { GUIDE_TABS, guideTabIndex, guideTabSearch, parseGuideTab } from "~/modules/guide/tabs";

describe("user guide tabs", () => {
  it("are the spec's four, in order", () => {
    // The Wari tab is named after the current edition by the page ('Wari 2025' in the spec; issue #38).
    expect(GUIDE_TABS.map((t) => t.label)).toEqual([
      "Getting Started",
      "Dashboard",
      "Wari",
      "Other Features",
    ]);
  });

  it.each([
    ["getting-started", "getting-started"],
    ["dashboard", "dashboard"],
    ["wari", "wari"],
    ["other", "other"],
    [null, "getting-started"],
    [undefined, "getting-started"],
    ["", "getting-started"],
    ["Wari", "getting-started"],
    ["admin", "getting-started"],
  ])("?tab=%s opens %s", (value, expected) => {
    expect(parseGuideTab(value)).toBe(expected);
  });

  it("index a tab by its position", () => {
    expect(GUIDE_TABS.map((t) => guideTabIndex(t.id))).toEqual([0, 1, 2, 3]);
  });

  it("link to a tab by replacing only the tab parameter", () => {
    expect(guideTabSearch("", "wari")).toBe("?tab=wari");
    expect(guideTabSearch("?tab=dashboard", "other")).toBe("?tab=other");
    expect(guideTabSearch("?ref=mail&tab=wari", "dashboard")).toBe("?ref=mail&tab=dashboard");
  });
});
