/** What a club feed item says (issue #41): one sentence per kind, after the member's name. */
import { formatElevation, formatDuration, formatMetresAsKm, formatNumber, sportName } from "~/lib/format";

export const FEED_KINDS = [
  "challenge_joined",
  "challenge_goal",
  "challenge_completed",
  "challenge_new",
  "event_new",
  "event_registered",
  "wari_registered",
  "wari_finished",
  "personal_best",
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const RECORD_WORDS: Record<string, [string, (v: number) => string]> = {
  distance: ["longest", formatMetresAsKm],
  time: ["longest by time", formatDuration],
  climb: ["biggest climb", formatElevation],
  fastest: ["fastest", (v) => `${formatNumber(v * 3.6)} km/h`],
};

/** The sentence of an item ("passed 50 % of Monsoon 100"); `label` and `value` as stored. */
export function describeFeedItem(kind: string, label: string, value: number | null): string {
  switch (kind) {
    case "challenge_joined":
      return `joined the challenge ${label}`;
    case "challenge_goal":
      return `passed ${formatNumber(value ?? 0, 0)} % of the goal in ${label}`;
    case "challenge_completed":
      return `completed the challenge ${label}`;
    case "challenge_new":
      return `New challenge: ${label}`;
    case "event_new":
      return `New event: ${label}`;
    case "event_registered":
      return `registered for ${label}`;
    case "wari_registered":
      return `registered for ${label}`;
    case "wari_finished":
      return `finished ${label}`;
    case "personal_best": {
      const [sport = "", metric = ""] = label.split(":");
      const [word, format] = RECORD_WORDS[metric] ?? ["best", (v: number) => formatNumber(v)];
      return `set a new personal best: ${word} ${sportName(sport)}, ${format(value ?? 0)}`;
    }
    default:
      return label;
  }
}
