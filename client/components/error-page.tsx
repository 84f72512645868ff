// The error page of spec §2: title, message, instructions, expandable details and a dismiss button.
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AppError, shownMessage } from '../app/app-error';
import { paths } from '../paths';

function formatDetail(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function ErrorPage({ error }: { error: AppError }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notFound = error.statusCode === 404;
  const path = (error.data as { path?: string } | undefined)?.path ?? window.location.pathname;
  const stack = (error.cause instanceof Error ? error.cause.stack : undefined) ?? error.stack;

  const details: [label: string, value: string][] = [
    [t('status_code'), String(error.statusCode)],
    [t('fatal'), error.fatal ? t('yes') : t('no')],
    [t('unhandled'), error.unhandled ? t('yes') : t('no')],
    [t('status_message'), formatDetail(error.statusMessage)],
    [t('data'), formatDetail(error.data)],
    [t('cause'), formatDetail(error.cause)],
    [t('stack_trace'), formatDetail(stack)],
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 2 }} role="alert">
      <Stack spacing={2}>
        <ErrorOutline color="error" sx={{ fontSize: 48 }} />
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontSize: { xs: '1.75rem', md: '2.125rem' } }}
        >
          {notFound ? t('page_not_found', { path }) : t('oops_error')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {notFound ? t('page_not_found_message') : shownMessage(error, t)}
        </Typography>
        <Typography color="text.secondary">{t('error_instructions')}</Typography>
        {/* The details sit under the page's h1: MUI's default h3 would skip a level. */}
        <Accordion
          variant="outlined"
          disableGutters
          slots={{ heading: 'h2' }}
          sx={{ '&::before': { display: 'none' } }}
        >
          <AccordionSummary expandIcon={<ExpandMore />}>{t('error_details')}</AccordionSummary>
          <AccordionDetails>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, gap: 1.5 }}
            >
              {details.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{
                      m: 0,
                      fontFamily: 'monospace',
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      maxHeight: 240,
                      overflow: 'auto',
                    }}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
        <Box>
          <Button variant="contained" onClick={() => navigate(paths.index())}>
            {t('dismiss')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
