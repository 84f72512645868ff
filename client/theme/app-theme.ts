// The MUI theme for one colour scheme, text direction and component-library language: Material 3
// colour roles mapped onto MUI's palette, rounded buttons, outlined inputs, the spec's breakpoints.
import type { Localization } from '@mui/material/locale';
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ColorScheme } from './color-scheme';
import { type M3Colors, m3Colors } from './m3-colors';

export const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    /** Every Material 3 colour role of the scheme, e.g. `sx={{ bgcolor: 'm3.primaryContainer' }}`. */
    m3: M3Colors;
  }
  interface PaletteOptions {
    m3?: M3Colors;
  }
}

export interface AppThemeOptions {
  scheme: ColorScheme;
  direction: 'ltr' | 'rtl';
  /** MUI's texts (pagination, autocomplete…) in the interface language. */
  localization: Localization;
}

export function createAppTheme({ scheme, direction, localization }: AppThemeOptions): Theme {
  const c = m3Colors(scheme);
  return createTheme(
    {
      direction,
      palette: {
        mode: scheme.mode,
        m3: c,
        primary: { main: c.primary, contrastText: c.onPrimary },
        secondary: { main: c.secondary, contrastText: c.onSecondary },
        error: { main: c.error, contrastText: c.onError },
        warning: { main: c.warning, contrastText: c.onWarning },
        info: { main: c.info, contrastText: c.onInfo },
        success: { main: c.success, contrastText: c.onSuccess },
        background: { default: c.surface, paper: c.surfaceContainerLow },
        text: { primary: c.onSurface, secondary: c.onSurfaceVariant, disabled: alpha(c.onSurface, 0.38) },
        divider: c.outlineVariant,
      },
      breakpoints: { values: breakpoints },
      shape: { borderRadius: 12 },
      components: {
        // A system set to reduce motion gets none: transitions and animations (fades, menus growing,
        // ripples, skeletons' pulse) end at once. Not progress indicators, whose motion says that work
        // goes on. Durations stay above zero so that anything waiting for a transition's end still
        // hears of it.
        MuiCssBaseline: {
          styleOverrides: {
            '@media (prefers-reduced-motion: reduce)': {
              '*:not([role="progressbar"] *), *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transitionDuration: '0.01ms !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { borderRadius: 999, textTransform: 'none' } },
        },
        // Material 3 segmented buttons: outlined, the selected segment on the secondary container.
        MuiToggleButton: {
          styleOverrides: {
            root: {
              textTransform: 'none',
              color: c.onSurface,
              borderColor: c.outline,
              '&.Mui-selected, &.Mui-selected:hover': {
                backgroundColor: c.secondaryContainer,
                color: c.onSecondaryContainer,
              },
            },
          },
        },
        MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
        MuiTextField: { defaultProps: { variant: 'outlined' } },
        MuiSelect: { defaultProps: { variant: 'outlined' } },
        MuiOutlinedInput: { styleOverrides: { notchedOutline: { borderColor: c.outline } } },
        // Material 3 shows elevation with tonal surfaces, not MUI's dark-mode white overlay.
        MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiAppBar: { styleOverrides: { colorInherit: { backgroundColor: c.surface } } },
        MuiPopover: { styleOverrides: { paper: { backgroundColor: c.surfaceContainer } } },
        MuiDialog: { styleOverrides: { paper: { backgroundColor: c.surfaceContainerHigh } } },
        MuiTooltip: {
          styleOverrides: { tooltip: { backgroundColor: c.inverseSurface, color: c.inverseOnSurface } },
        },
        // Material 3 snackbars: inverse surface, with the inverse primary for their actions.
        MuiSnackbarContent: {
          styleOverrides: {
            root: { backgroundColor: c.inverseSurface, color: c.inverseOnSurface },
            action: { color: c.inversePrimary },
          },
        },
        MuiAlert: {
          styleOverrides: {
            standardSuccess: { backgroundColor: c.successContainer, color: c.onSuccessContainer },
            standardInfo: { backgroundColor: c.infoContainer, color: c.onInfoContainer },
            standardWarning: { backgroundColor: c.warningContainer, color: c.onWarningContainer },
            standardError: { backgroundColor: c.errorContainer, color: c.onErrorContainer },
            icon: { color: 'inherit !important' },
          },
        },
      },
    },
    localization,
  );
}
