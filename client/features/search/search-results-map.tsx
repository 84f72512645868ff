// The map view of a page of results: a point per result with coordinates over the world's land
// (shipped with the app, so it works offline), framed to those points. Each point is a link to its
// item (Tab reaches them in result order; Enter or a click opens one), named by the result's title.
// Loaded lazily with d3-geo and the outline, so the first load carries none of it.
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLand } from '#client/lib/world-land';
import { itemTitle } from '#shared/search/item-title';
import { coordinatesOf, type LatLon } from '#shared/search/sift/geo-distance';
import type { PageResult } from './search-results-list';

const WIDTH = 800;
const HEIGHT = 400;
const PADDING = 24;
/** The frame around the points spans at least this many degrees, so one city is not a blur of coast. */
const MIN_SPAN = 16;

interface MapPoint {
  result: PageResult;
  title: string;
  location: LatLon;
}

/** A frame around the points as four corners (a box of degrees, widened to MIN_SPAN). */
function frameOf(points: LatLon[]) {
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const widen = (low: number, high: number, limit: number) => {
    const grow = Math.max(0, MIN_SPAN - (high - low)) / 2 + (high - low) * 0.1;
    return [Math.max(-limit, low - grow), Math.min(limit, high + grow)] as const;
  };
  const [south, north] = widen(Math.min(...lats), Math.max(...lats), 85);
  const [west, east] = widen(Math.min(...lons), Math.max(...lons), 180);
  return {
    type: 'MultiPoint' as const,
    coordinates: [
      [west, south],
      [west, north],
      [east, south],
      [east, north],
    ],
  };
}

export default function SearchResultsMap({
  results,
  linkState,
  position,
}: {
  results: PageResult[];
  linkState: unknown;
  /** The user's position ("near me"), drawn too. */
  position?: LatLon;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { palette } = useTheme();
  const navigate = useNavigate();
  const land = useLand();
  const points = useMemo<MapPoint[]>(
    () =>
      results.flatMap((result) => {
        const axes = result.source.coordinates;
        const document = result.hit.document;
        const location = axes ? coordinatesOf(document[axes.lat], document[axes.lon]) : undefined;
        const title = itemTitle(result.source, document, language, result.hit.id);
        return location ? [{ result, title, location }] : [];
      }),
    [results, language],
  );
  if (points.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="results-map-empty">
        {t('search.map.none')}
      </Typography>
    );
  }
  const framed = [...points.map((p) => p.location), ...(position ? [position] : [])];
  const projection = geoNaturalEarth1().fitExtent(
    [
      [PADDING, PADDING],
      [WIDTH - PADDING, HEIGHT - PADDING],
    ],
    frameOf(framed),
  );
  const path = geoPath(projection);
  const at = (location: LatLon) => projection([location.lon, location.lat]) ?? [0, 0];
  return (
    <Box
      component="svg"
      role="group"
      aria-label={t('search.map.label')}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      data-testid="results-map"
      sx={{
        display: 'block',
        width: 1,
        height: 'auto',
        borderRadius: '16px',
        // Sea in a tint, land light: the points (primary) stand out on both.
        bgcolor: 'm3.secondaryContainer',
        '& a': { cursor: 'pointer', outline: 'none' },
        '& a:hover circle, & a:focus-visible circle': { r: 9, strokeWidth: 3 },
        '& a:focus-visible circle': { stroke: palette.m3.onSurface },
        '& a text': { display: 'none' },
        '& a:hover text, & a:focus-visible text': { display: 'block' },
      }}
    >
      {land && (
        <path
          d={path(land) ?? ''}
          fill={palette.m3.secondaryContainer}
          stroke={palette.m3.outline}
          strokeWidth={0.6}
        />
      )}
      {position && (
        <circle
          cx={at(position)[0]}
          cy={at(position)[1]}
          r={7}
          fill={palette.m3.tertiary}
          stroke={palette.m3.onTertiary}
          strokeWidth={2}
          data-testid="results-map-position"
        />
      )}
      {points.map(({ result, title, location }) => {
        const [x, y] = at(location);
        return (
          <a
            key={result.href}
            href={result.href}
            aria-label={title}
            onClick={(event) => {
              event.preventDefault();
              navigate(result.href, { state: linkState });
            }}
          >
            <circle
              cx={x}
              cy={y}
              r={6}
              fill={palette.m3.primary}
              stroke={palette.m3.onPrimary}
              strokeWidth={1.5}
            />
            <text
              x={x}
              y={y - 14}
              textAnchor="middle"
              fontSize={15}
              fontWeight={600}
              fill={palette.m3.onSurface}
              stroke={palette.m3.surfaceContainerLowest}
              strokeWidth={4}
              paintOrder="stroke"
            >
              {title}
            </text>
          </a>
        );
      })}
    </Box>
  );
}
