// The app bar's action buttons, one per feature (language, theme, account…), composed here so
// the layout itself stays unaware of features.
import { Box } from '@mui/material';
import { AccountMenu } from '#client/features/auth/account-menu';
import { LanguageMenu } from '#client/features/language/language-menu';
import { ThemeMenu } from '#client/features/theme/theme-menu';

export function AppBarActions() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <LanguageMenu />
      <ThemeMenu />
      <AccountMenu />
    </Box>
  );
}
