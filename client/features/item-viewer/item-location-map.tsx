// A small globe turned to where an item is (its source's `coordinates`), with a dot on it. The
// land is Natural Earth's 1:110m outline from the world-atlas package, loaded with this component
// as part of the app (precached), so the map needs no tile server and works offline.
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { geoOrthographic, geoPath } from 'd3-geo';
import { useTranslation } from 'react-i18next';
import { useLand } from '#client/lib/world-land';
import { coordinatesOf, type LatLon } from '#shared/search/sift/geo-distance';

const SIZE = 160;

/** Where a document is, by its source's `coordinates` (numbers in range), else undefined. */
export function locationOf(
  document: Record<string, unknown>,
  coordinates: { lat: string; lon: string } | undefined,
): LatLon | undefined {
  return coordinates && coordinatesOf(document[coordinates.lat], document[coordinates.lon]);
}

export function ItemLocationMap({ lat, lon, title }: { lat: number; lon: number; title: string }) {
  const { t, i18n } = useTranslation();
  const { palette } = useTheme();
  const shape = useLand();
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
