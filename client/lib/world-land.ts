// The world's land outline for the app's maps: Natural Earth's 1:110m land from the world-atlas
// package (55 kB), loaded on first use as a chunk of the app and precached with it, so maps need
// no tile server and work offline. Import this module lazily (with the map that draws it): it
// brings d3-geo's neighbours, topojson-client, along.
import { useEffect, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export type Land = ReturnType<typeof feature>;

let land: Promise<Land> | undefined;

export function loadLand(): Promise<Land> {
  land ??= import('world-atlas/land-110m.json').then(({ default: topology }) => {
    const atlas = topology as unknown as Topology<{ land: GeometryCollection }>;
    return feature(atlas, atlas.objects.land);
  });
  return land;
}

/** The land outline once loaded (undefined until then). */
export function useLand(): Land | undefined {
  const [shape, setShape] = useState<Land>();
  useEffect(() => {
    let current = true;
    void loadLand().then((loaded) => current && setShape(loaded));
    return () => {
      current = false;
    };
  }, []);
  return shape;
}
