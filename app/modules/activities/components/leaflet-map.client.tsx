// Browser-only: Remix leaves `.client` modules out of the server build, so Leaflet
// (and its stylesheet) never reach the Worker or a page's first-load JavaScript.
// Imported lazily by interactive-map.tsx when the member asks for the map.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import { BRAND } from "~/ui/brand";
import { decodePolyline } from "../track-geometry";

export interface LeafletMapProps {
  /** The track as the viewer may see it (trimmed for a shared map), Google's encoding. */
  polyline: string;
  tiles: { url: string; attribution: string };
  label: string;
  startColour: string;
  finishColour: string;
}

/** Leaflet writes the attribution as HTML: the operator's text goes in as text. */
const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export default function LeafletMap({ polyline, tiles, label, startColour, finishColour }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const points = decodePolyline(polyline);
    if (!box.current || points.length < 2) return;
    const map = L.map(box.current, { keyboard: true, scrollWheelZoom: false, attributionControl: true });
    map.attributionControl.setPrefix(false);
    L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 18 }).addTo(map);
    L.polyline(points, { color: "#fff", weight: 7, opacity: 0.9 }).addTo(map);
    const line = L.polyline(points, { color: BRAND.DEFAULT, weight: 4 }).addTo(map);
    const ends: [L.LatLngExpression, string, string][] = [
      [points[0]!, startColour, "Start"],
      [points[points.length - 1]!, finishColour, "Finish"],
    ];
    for (const [at, colour, name] of ends)
      L.circleMarker(at, { radius: 7, color: "#fff", weight: 2, fillColor: colour, fillOpacity: 1 })
        .bindTooltip(name)
        .addTo(map);
    map.fitBounds(line.getBounds(), { padding: [16, 16] });
    return () => {
      map.remove();
    };
  }, [polyline, tiles.url, tiles.attribution, startColour, finishColour]);
  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      tabIndex={0}
      className="h-80 w-full rounded-lg sm:h-[28rem]"
      data-testid="interactive-map"
    />
  );
}
