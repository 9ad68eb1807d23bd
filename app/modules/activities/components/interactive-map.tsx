/**
 * The interactive map of an activity (issue #40 item 2), where the operator
 * configured a basemap (MAP_TILES_URL): after hydration a button offers it;
 * pressing it loads Leaflet in its own chunk (only this page, only then) and
 * draws the same track as the server's SVG over the tiles, with pan and zoom
 * by mouse, touch and keyboard. Without JavaScript, or until pressed, the SVG
 * map stands alone.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { useHydrated } from "~/ui/hydrated";
import type { LeafletMapProps } from "./leaflet-map.client";

const LeafletMap = lazy(() => import("./leaflet-map.client"));

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error("interactive map failed", error);
  }

  render() {
    return this.state.failed ? (
      <p role="alert" className="text-sm font-medium text-red-800">
        The interactive map could not be loaded. The map above shows the route.
      </p>
    ) : (
      this.props.children
    );
  }
}

export function InteractiveMap(props: LeafletMapProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent"
      >
        Explore on an interactive map
      </button>
    );
  return (
    <MapErrorBoundary>
      <Suspense
        fallback={
          <p className="text-sm text-gray-600" role="status">
            Loading the interactive map…
          </p>
        }
      >
        <LeafletMap {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
