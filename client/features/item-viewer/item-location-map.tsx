// A small globe turned to where an item is (its numeric `lat` and `lon`), with a dot on it. The
// land is Natural Earth's 1:110m outline from the world-atlas package, loaded with this component
// as part of the app (precached), so the map needs no tile server and works offline.
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { geoOrthographic, geoPath } from 'd3-geo';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const SIZE = 160;

type Land = ReturnType<typeof feature>;

let land: Promise<Land> | undefined;

function loadLand(): Promise<Land> {
  land ??= import('world-atlas/land-110m.json').then(({ default: topology }) => {
    const atlas = topology as unknown as Topology<{ land: GeometryCollection }>;
    return feature(atlas, atlas.objects.land);
  });
  return land;
}

/** The coordinates of a document with numeric `lat` and `lon` in range, else undefined. */
export function locationOf(document: Record<string, unknown>): { lat: number; lon: number } | undefined {
  const { lat, lon } = document;
  if (typeof lat !== 'number' || typeof lon !== 'number') return undefined;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}

export function ItemLocationMap({ lat, lon, title }: { lat: number; lon: number; title: string }) {
  const { t, i18n } = useTranslation();
  const { palette } = useTheme();
  const [shape, setShape] = useState<Land>();
  useEffect(() => {
    let current = true;
    void loadLand().then((loaded) => current && setShape(loaded));
    return () => {
      current = false;
    };
  }, []);
  const projection = geoOrthographic()
    .rotate([-lon, -lat])
    .fitExtent(
      [
        [2, 2],
        [SIZE - 2, SIZE - 2],
      ],
      { type: 'Sphere' },
    );
  const path = geoPath(projection);
  const [x, y] = projection([lon, lat]) ?? [SIZE / 2, SIZE / 2];
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Box
      component="svg"
      role="img"
      aria-label={t('search.item.map_label', { title, lat: numbers.format(lat), lon: numbers.format(lon) })}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      data-testid="item-map"
      sx={{ width: SIZE, height: SIZE, flexShrink: 0 }}
    >
      <path
        d={path({ type: 'Sphere' }) ?? ''}
        fill={palette.m3.surfaceContainerHighest}
        stroke={palette.divider}
      />
      {shape && (
        <path
          d={path(shape) ?? ''}
          fill={palette.m3.secondaryContainer}
          stroke={palette.m3.outline}
          strokeWidth={0.4}
        />
      )}
      <circle cx={x} cy={y} r={5} fill={palette.m3.primary} stroke={palette.m3.onPrimary} strokeWidth={1.5} />
    </Box>
  );
}
