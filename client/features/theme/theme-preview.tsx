// A sample of components in the current theme: buttons, inputs, selection controls, chips,
// alerts, tabs and a card, so a colour choice can be judged before leaving the page.
import Add from '@mui/icons-material/Add';
import Favorite from '@mui/icons-material/Favorite';
import Send from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  Fab,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ThemePreview() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2.5}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                startIcon={
                  <Send sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
                }
              >
                {t('theme.preview.send')}
              </Button>
              <Button variant="outlined">{t('theme.preview.save_draft')}</Button>
              <Button variant="text">{t('theme.preview.cancel')}</Button>
              <Button variant="contained" color="secondary">
                {t('theme.preview.secondary')}
              </Button>
            </Stack>
            <TextField
              label={t('theme.preview.email')}
              defaultValue="ada@example.org"
              helperText={t('theme.preview.email_help')}
            />
            <TextField select label={t('theme.preview.priority')} defaultValue="normal">
              <MenuItem value="low">{t('theme.preview.priority_low')}</MenuItem>
              <MenuItem value="normal">{t('theme.preview.priority_normal')}</MenuItem>
              <MenuItem value="high">{t('theme.preview.priority_high')}</MenuItem>
            </TextField>
            <TextField
              error
              label={t('theme.preview.name')}
              defaultValue=""
              helperText={t('theme.preview.name_error')}
            />
            <Box>
              <FormControlLabel
                control={<Switch defaultChecked />}
                label={t('theme.preview.notifications')}
              />
              <FormControlLabel control={<Checkbox defaultChecked />} label={t('theme.preview.remember')} />
            </Box>
            <RadioGroup row defaultValue="weekly" aria-label={t('theme.preview.frequency')}>
              <FormControlLabel value="daily" control={<Radio />} label={t('theme.preview.daily')} />
              <FormControlLabel value="weekly" control={<Radio />} label={t('theme.preview.weekly')} />
            </RadioGroup>
            <Slider defaultValue={60} aria-label={t('theme.preview.volume')} />
          </Stack>
        </CardContent>
      </Card>

      <Stack spacing={2}>
        <Card variant="outlined">
          <Tabs
            value={tab}
            onChange={(_, value: number) => setTab(value)}
            aria-label={t('theme.preview.tabs')}
          >
            <Tab label={t('theme.preview.tab_overview')} />
            <Tab label={t('theme.preview.tab_activity')} />
          </Tabs>
          <CardContent>
            <Typography variant="h6" component="p">
              {t('theme.preview.card_title')}
            </Typography>
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
              {tab === 0 ? t('theme.preview.card_text') : t('theme.preview.activity_text')}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={70}
              sx={{ mt: 2 }}
              aria-label={t('theme.preview.progress')}
            />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
              <Chip label={t('theme.preview.chip_filled')} color="primary" />
              <Chip label={t('theme.preview.chip_outlined')} variant="outlined" />
              <Chip label={t('theme.preview.chip_default')} icon={<Favorite />} />
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
            <Button startIcon={<Favorite />}>{t('theme.preview.like')}</Button>
            <Fab color="primary" size="medium" aria-label={t('theme.preview.add')}>
              <Add />
            </Fab>
          </CardActions>
        </Card>
        <Alert severity="success">{t('theme.preview.alert_success')}</Alert>
        <Alert severity="info">{t('theme.preview.alert_info')}</Alert>
        <Alert severity="warning">{t('theme.preview.alert_warning')}</Alert>
        <Alert severity="error">{t('theme.preview.alert_error')}</Alert>
      </Stack>
    </Box>
  );
}
