/**
 * Classes for a part of a long page that is rarely in the first screen (issue #17, decision 028):
 * the browser skips its style, layout and paint until it comes near the viewport
 * (`content-visibility: auto`), keeping a remembered or estimated height meanwhile, so the first
 * paint and the first layout cost what the first screen needs. Its text stays in the page for
 * screen readers and find-in-page.
 */
export const renderWhenNear = "[content-visibility:auto] [contain-intrinsic-size:auto_32rem]";
