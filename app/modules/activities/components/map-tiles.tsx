/** A basemap's tiles as SVG images (route-map.ts placed them), under a map's routes (decision 050). */
import type { ReactNode } from "react";
import type { MapTile } from "../route-map";

export function MapTiles({
  tiles,
  testId,
  children,
}: {
  tiles: MapTile[];
  testId: string;
  children?: ReactNode;
}) {
  if (tiles.length === 0) return null;
  return (
    <g data-testid={testId}>
      {tiles.map((t) => (
        <image
          key={t.href}
          href={t.href}
          x={t.x}
          y={t.y}
          width={t.size}
          height={t.size}
          preserveAspectRatio="none"
        />
      ))}
      {children}
    </g>
  );
}
