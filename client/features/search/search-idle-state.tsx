// The search screen before a search: what can be searched (each data type to browse, the
// protected ones behind sign-in for visitors) and the keyboard shortcuts.
import ArrowForward from '@mui/icons-material/ArrowForward';
import Lock from '@mui/icons-material/Lock';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#client/paths';
import type { SearchLabels } from './search-labels';

export interface IdleDataType {
  dataType: string;
  /** Items in its index, once known. */
  count?: number;
  /** Only for signed-in users, and this user is not. */
  locked: boolean;
}

const kbd = {
  px: 0.75,
  py: 0.125,
  mx: 0.25,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  fontFamily: 'inherit',
  fontSize: 12,
};

export function SearchIdleState({ dataTypes, labels }: { dataTypes: IdleDataType[]; labels: SearchLabels }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: { xs: 2, md: 5 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, textAlign: 'center', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        {t('search.idle_title')}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ textAlign: 'center', mt: 1, mb: 4, mx: 'auto', maxWidth: '56ch' }}
      >
        {t('search.idle_text')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
          maxWidth: 760,
          mx: 'auto',
        }}
      >
        {dataTypes.map(({ dataType, count, locked }) => {
          const name = labels.dataType(dataType, 'collection');
          const to = locked ? paths.login(paths.searchChips([dataType])) : paths.searchChips([dataType]);
          return (
            <Card key={dataType} variant="outlined" sx={{ borderRadius: '20px' }}>
              <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                      {name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {locked
                        ? t('search.idle_locked')
                        : count !== undefined
                          ? t('search.idle_count', { count })
                          : t('search.idle_browse')}
                    </Typography>
                  </Box>
                  {locked ? (
                    <Lock color="action" />
                  ) : (
                    <ArrowForward
                      color="primary"
                      sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
                    />
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', mt: 4, display: { xs: 'none', md: 'block' } }}
      >
        <Box component="kbd" sx={kbd}>
          /
        </Box>{' '}
        {t('search.keys_focus')} ·{' '}
        <Box component="kbd" sx={kbd}>
          ↑
        </Box>
        <Box component="kbd" sx={kbd}>
          ↓
        </Box>{' '}
        {t('search.keys_move')} ·{' '}
        <Box component="kbd" sx={kbd}>
          Enter
        </Box>{' '}
        {t('search.keys_open')}
      </Typography>
    </Box>
  );
}
