// /errorTest: buttons that raise each kind of error, links to the error pages, and what the
// logger did with each (captured, sent to the server, or written to the console).
import BugReport from '@mui/icons-material/BugReport';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { captureError } from '#client/logging/error-capture';
import { LogActivityList } from '#client/logging/log-activity-list';
import { useLogActivity } from '#client/logging/use-log-activity';
import { paths } from '#client/paths';
import { apiPaths } from '#shared/api-paths';
import { RenderErrorBoundary } from './render-error-boundary';

function Bomb(): never {
  throw new Error('Render error raised on purpose by /errorTest');
}

class ServerError extends Error {
  override name = 'ServerError';
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

function TestCard({
  title,
  text,
  action,
  outcome,
}: {
  title: string;
  text: string;
  action: ReactNode;
  outcome?: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
        {outcome && <Box sx={{ mt: 2 }}>{outcome}</Box>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
}

export function ErrorTestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activity = useLogActivity();
  const [renderBomb, setRenderBomb] = useState(false);
  const [serverOutcome, setServerOutcome] = useState<string | null>(null);
  const [comment, setComment] = useState(t('error_test.comment_default'));

  const callFailingServer = async () => {
    setServerOutcome(null);
    try {
      const response = await fetch(apiPaths.errorTest);
      const body = await response.text();
      setServerOutcome(t('error_test.server_outcome', { status: response.status, body }));
      if (!response.ok) {
        captureError(
          new ServerError(`GET ${apiPaths.errorTest} answered ${response.status}: ${body}`, response.status),
          'app',
          {
            context: { status: response.status, url: apiPaths.errorTest },
          },
        );
      }
    } catch (error) {
      setServerOutcome(t('error_test.server_unreachable'));
      captureError(error, 'app');
    }
  };

  const raisers: { kind: string; raise: () => void; outcome?: ReactNode }[] = [
    {
      kind: 'render',
      raise: () => setRenderBomb(true),
      outcome: (
        <RenderErrorBoundary
          fallback={(error, reset) => (
            <Alert
              severity="error"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setRenderBomb(false);
                    reset();
                  }}
                >
                  {t('error_test.reset')}
                </Button>
              }
            >
              {t('error_test.render_caught', { message: error.message })}
            </Alert>
          )}
        >
          {renderBomb && <Bomb />}
        </RenderErrorBoundary>
      ),
    },
    {
      kind: 'handler',
      raise: () => {
        throw new Error('Event-handler error raised on purpose by /errorTest');
      },
    },
    {
      kind: 'rejection',
      // Left unhandled on purpose: the window's unhandledrejection handler reports it.
      raise: () => void Promise.reject(new Error('Promise rejected on purpose by /errorTest')),
    },
    {
      kind: 'server',
      raise: () => void callFailingServer(),
      outcome: serverOutcome && (
        <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
          {serverOutcome}
        </Alert>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.error_test.title')} description={t('pages.error_test.description')} />
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="raise-title">
          <Typography id="raise-title" variant="h5" component="h2" gutterBottom>
            {t('error_test.raise_title')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {raisers.map(({ kind, raise, outcome }) => (
              <TestCard
                key={kind}
                title={t(`error_test.${kind}_title`)}
                text={t(`error_test.${kind}_text`)}
                outcome={outcome}
                action={
                  <Button variant="outlined" color="error" onClick={raise}>
                    {t(`error_test.${kind}_button`)}
                  </Button>
                }
              />
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="pages-title">
          <Typography id="pages-title" variant="h5" component="h2" gutterBottom>
            {t('error_test.pages_title')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <TestCard
              title={t('error_test.throw_title')}
              text={t('error_test.throw_text')}
              action={
                <Button component={RouterLink} to={paths.throwError()} variant="outlined">
                  {t('error_test.throw_button')}
                </Button>
              }
            />
            <TestCard
              title={t('error_test.comment_title')}
              text={t('error_test.comment_text')}
              outcome={
                <TextField
                  label={t('error_test.comment_label')}
                  value={comment}
                  onChange={(event) => setComment(event.target.value)}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              }
              action={
                <Button
                  variant="outlined"
                  disabled={!comment.trim()}
                  onClick={() => navigate(paths.errorWithComment(comment.trim()))}
                >
                  {t('error_test.comment_button')}
                </Button>
              }
            />
          </Box>
        </Box>

        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="activity-title"
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <BugReport color="primary" />
            <Typography id="activity-title" variant="h5" component="h2">
              {t('error_test.activity_title')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('error_test.activity_text')}{' '}
            <Link component={RouterLink} to={paths.loggingExample()}>
              {t('error_test.activity_link')}
            </Link>
          </Typography>
          <LogActivityList activity={activity} empty={t('error_test.activity_empty')} />
        </Paper>
      </Stack>
    </>
  );
}
