// The app bar's theme button: light, dark or follow the system, the contrast level, and a link to
// the /theme page for colour families.
import Check from '@mui/icons-material/Check';
import Palette from '@mui/icons-material/Palette';
import {
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HintTooltip } from '#client/components/hint-tooltip';
import { paths } from '#client/paths';
import { colorModes, contrastLevels } from '#client/theme/color-scheme';
import { useColorSchemeChoice } from '#client/theme/color-scheme-context';
import { ModeIcon } from './mode-icon';
import { contrastLabels, modeLabels } from './theme-labels';

const subheaderSx = { bgcolor: 'transparent', lineHeight: '36px' };

/** A group of mutually exclusive menu items, the chosen one ticked. */
function radioItems<T extends string>(
  values: readonly T[],
  chosen: T,
  onChoose: (value: T) => void,
  content: (value: T) => ReactNode,
) {
  return values.map((value) => (
    <MenuItem
      key={value}
      role="menuitemradio"
      aria-checked={value === chosen}
      onClick={() => onChoose(value)}
    >
      <ListItemIcon>{value === chosen ? <Check fontSize="small" /> : null}</ListItemIcon>
      {content(value)}
    </MenuItem>
  ));
}

export function ThemeMenu() {
  const { t } = useTranslation();
  const { choice, scheme, choose } = useColorSchemeChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  return (
    <>
      <HintTooltip title={t('theme.menu_label')}>
        <IconButton
          aria-label={t('theme.menu_label')}
          aria-haspopup="menu"
          aria-controls={open ? 'theme-menu' : undefined}
          aria-expanded={open}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <ModeIcon mode={scheme.mode} />
        </IconButton>
      </HintTooltip>
      <Menu id="theme-menu" anchorEl={anchor} open={open} onClose={close}>
        <ListSubheader sx={subheaderSx}>{t('theme.mode_title')}</ListSubheader>
        {radioItems(
          colorModes,
          choice.mode,
          (mode) => choose({ ...choice, mode }),
          (mode) => (
            <>
              <ListItemText primary={t(modeLabels[mode])} />
              <ModeIcon mode={mode} fontSize="small" sx={{ marginInlineStart: 2, color: 'text.secondary' }} />
            </>
          ),
        )}
        <Divider />
        <ListSubheader sx={subheaderSx}>{t('theme.contrast_title')}</ListSubheader>
        {radioItems(
          contrastLevels,
          choice.contrast,
          (contrast) => choose({ ...choice, contrast }),
          (contrast) => (
            <ListItemText primary={t(contrastLabels[contrast])} />
          ),
        )}
        <Divider />
        <MenuItem component={Link} to={paths.theme()} onClick={close}>
          <ListItemIcon>
            <Palette fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('theme.more_options')} />
        </MenuItem>
      </Menu>
    </>
  );
}
