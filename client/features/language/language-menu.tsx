// The app bar's language button: every interface language, named in its own language.
import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '#client/components/hint-tooltip';
import { changeLocale } from '#client/i18n/i18n';
import { useActiveLocale } from '#client/i18n/use-active-locale';
import { locales } from '#shared/locales';

export function LanguageMenu() {
  const { t } = useTranslation();
  const active = useActiveLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  return (
    <>
      <HintTooltip title={t('language.menu_label')}>
        <IconButton
          aria-label={t('language.menu_label')}
          aria-haspopup="menu"
          aria-controls={open ? 'language-menu' : undefined}
          aria-expanded={open}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <Translate />
        </IconButton>
      </HintTooltip>
      <Menu id="language-menu" anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {locales.map((locale) => {
          const selected = locale.code === active.code;
          return (
            <MenuItem
              key={locale.code}
              lang={locale.code}
              role="menuitemradio"
              aria-checked={selected}
              onClick={() => {
                setAnchor(null);
                void changeLocale(locale.code);
              }}
            >
              <ListItemIcon>{selected ? <Check fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={locale.name} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
