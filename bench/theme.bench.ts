// Cost of a theme switch: generating a Material 3 scheme (first use of each of the 24 themes) and
// building the MUI theme for a scheme, direction and language (every switch of either).
import { arEG, enUS } from '@mui/material/locale';
import { createAppTheme } from '../client/theme/app-theme';
import { allColorSchemes } from '../client/theme/color-scheme';
import { m3Colors } from '../client/theme/m3-colors';
import { latencyStats, measure } from './stats';

const schemes = allColorSchemes();
const generation = schemes.map((scheme) => {
  const start = performance.now();
  m3Colors(scheme);
  return performance.now() - start;
});

let next = 0;
const themeBuild = await measure(async () => {
  const scheme = schemes[next++ % schemes.length]!;
  const rtl = next % 2 === 0;
  createAppTheme({ scheme, direction: rtl ? 'rtl' : 'ltr', localization: rtl ? arEG : enUS });
}, 500);

console.info(
  JSON.stringify({ bench: 'theme', results: { schemeGeneration: latencyStats(generation), themeBuild } }),
);
