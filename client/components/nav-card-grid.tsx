// A grid of cards linking to pages, used by the home page and the /group_{n} hubs.
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavItem } from '../app/navigation';

export function NavCardGrid({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {items.map(({ to, label, icon: Icon }) => (
        <Card key={to} variant="outlined">
          <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Icon color="primary" />
              <Typography sx={{ fontWeight: 500 }}>{t(label)}</Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
