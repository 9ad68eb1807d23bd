/**
 * Strava's brand elements, built to its published brand guidelines: the
 * "Connect with Strava" button style (Strava orange #FC5200, white text, 48 px
 * tall, rounded), the "Powered by Strava" mark shown wherever Strava data
 * appears, and "View on Strava" links back to a member's own activities.
 *
 * The official artwork (button and "Powered by Strava" logo files from
 * Strava's developer site) could not be fetched here: `StravaLogo` and
 * `PoweredByStrava` draw an equivalent in SVG and text. To use the official
 * files, put them under `public/brand/strava/` and render them here with an
 * `<img>` (docs/operations.md, "Strava's developer program").
 */

/** The activity's page on Strava (only ever for the viewer's own activities: docs/decisions/018). */
export const stravaActivityUrl = (stravaId: number) => `https://www.strava.com/activities/${stravaId}`;

/**
 * Classes of the "Connect with Strava" button: Strava orange, white text, 48 px tall, rounded.
 * White on Strava orange is 3.3:1, so the label is WCAG "large text" (19 px bold, over 14 pt
 * bold), where AA asks 3:1 (issue #17); the orange itself is Strava's and is not ours to darken.
 */
export const stravaButtonClass =
  "inline-flex h-12 items-center justify-center gap-2 rounded-md bg-[#FC5200] px-5 text-[1.1875rem] font-bold text-white";

/** Strava's mark (two chevrons), decorative: the text next to it names it. */
export function StravaLogo({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M15.387 17.944l-2.089-4.116h-3.065L15.387 24l5.15-10.172h-3.066m-7.008-5.599l2.836 5.598h4.172L10.463 0l-7 13.828h4.169" />
    </svg>
  );
}

/**
 * "Powered by Strava", wherever the page shows data that came from Strava. Strava's
 * orange mark with a dark wordmark (Strava also publishes the logo in black): orange
 * text this small would fail WCAG AA contrast (3.2:1 on gray-50, issue #17).
 */
export function PoweredByStrava({ className = "" }: { className?: string }) {
  return (
    <p
      className={`flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-gray-600 ${className}`}
      data-testid="powered-by-strava"
    >
      <span>Powered by</span>{" "}
      <span className="inline-flex items-center gap-0.5 text-gray-900">
        <StravaLogo className="h-4 w-4 text-[#FC5200]" />
        Strava
      </span>
    </p>
  );
}

/**
 * "View on Strava": a link to the member's OWN activity on Strava (never another member's).
 * Quiet, as Strava's guidelines ask of text links back to it: the words "View on Strava",
 * legible and underlined as a link, in the text's own weight, never broken over two lines.
 */
export function ViewOnStravaLink({ stravaId }: { stravaId: number }) {
  return (
    <a
      href={stravaActivityUrl(stravaId)}
      target="_blank"
      rel="noopener noreferrer"
      className="whitespace-nowrap text-sm font-normal text-gray-700 underline decoration-gray-400 underline-offset-2 hover:text-[#C74100] hover:decoration-[#FC5200]"
    >
      View on Strava
    </a>
  );
}
