/** The current Wari edition as the user guide tells it: its name, day and distance come from its row, not from code. */
import type { AppContext } from "~workers/load-context";
import { editionTexts } from "~/modules/wari/edition";
import { getCurrentEdition } from "~/modules/wari/editions.server";
import type { GuideEdition } from "./components/guide-panels";

export async function guideEdition(app: AppContext): Promise<GuideEdition | null> {
  const current = await getCurrentEdition(app);
  if (!current) return null;
  const { navLabel, dateLabel, registered } = editionTexts(current.edition);
  return {
    name: current.edition.name,
    navLabel,
    dateLabel,
    registered,
    distanceKm: current.edition.distanceKm,
    past: current.mode === "results",
  };
}
