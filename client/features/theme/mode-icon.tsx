// The icon of a light/dark/system choice.
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import type { SvgIconProps } from '@mui/material';
import type { ColorMode } from '#client/theme/color-scheme';

const icons = { light: LightMode, dark: DarkMode, system: SettingsBrightness } as const;

export function ModeIcon({ mode, ...props }: { mode: ColorMode } & SvgIconProps) {
  const Icon = icons[mode];
  return <Icon {...props} />;
}
