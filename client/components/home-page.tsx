// / and /home: a big search box, the configured data sources, and the navigation groups.
import Lock from '@mui/icons-material/Lock';
import Public from '@mui/icons-material/Public';
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { navGroups } from '../app/navigation';
import { useAppConfig } from '../config/app-config';
import { HeaderSearchBox } from '../features/search/header-search-box';
import { paths } from '../paths';

export function HomePage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const sources = Object.entries(config.gapSearch.dataSources);
  return (
    <Stack spacing={5}>
      <Box sx={{ textAlign: 'center', py: { xs: 2, md: 6 } }}>
        <Box component="img" src={`/${config.logo}`} alt="" width={72} height={72} />
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, mt: 2, fontSize: { xs: '2rem', md: '3rem' } }}
        >
          {t('home.title', { name: config.platformName })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('home.tagline')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <HeaderSearchBox landmarkLabel={t('home.search_label')} />
        </Box>
      </Box>

      <Box component="section" aria-labelledby="home-sources">
        <Typography id="home-sources" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          {t('home.sources_title')}
        </Typography>
        {sources.length === 0 ? (
          <Typography color="text.secondary">{t('home.no_sources')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
            {sources.map(([name, source]) => (
              <Card key={name} variant="outlined">
                <CardActionArea component={Link} to={paths.searchChips([source.dataType])}>
                  <CardContent>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                    >
                      <Typography variant="h6" component="h3">
                        {name}
                      </Typography>
                      <Chip
                        size="small"
                        icon={source.protected ? <Lock /> : <Public />}
                        label={source.protected ? t('home.protected') : t('home.public')}
                      />
                    </Stack>
                    <Typography color="text.secondary" variant="body2">
                      {t('home.data_type', { type: source.dataType })}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
        )}
      </Box>

      <Box component="section" aria-labelledby="home-explore">
        <Typography id="home-explore" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          {t('home.explore_title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {navGroups.map((group) => (
            <Card key={group.number} variant="outlined">
              <CardActionArea component={Link} to={paths.group(group.number)} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {t(group.title)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('home.group_pages', { count: group.items.length })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
