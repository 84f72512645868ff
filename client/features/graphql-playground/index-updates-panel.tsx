// Follows `indexUpdated` live: start and stop, the connection state (retries included) and each
// event as it arrives, newest first.
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaygroundIndexUpdatedDocument } from '#client/graphql/generated/operations';
import type { SubscriptionState } from '#client/graphql/graphql-types';
import { SUBSCRIPTION_RETRIES } from '#client/graphql/retry-policy';
import { useGraphqlSubscription } from '#client/graphql/use-graphql-subscription';

const KEPT_EVENTS = 50;
const stateLabels: Record<Exclude<SubscriptionState['state'], 'retrying'>, string> = {
  connecting: 'graphql.subscription.state_connecting',
  open: 'graphql.subscription.state_open',
  closed: 'graphql.subscription.state_closed',
};
const transportLabels = {
  websocket: 'graphql.subscription.transport_websocket',
  sse: 'graphql.subscription.transport_sse',
} as const;
/** Not a valid source name (shared/app-config.ts), so it cannot clash with one. */
const ALL = '*';

interface ReceivedEvent {
  at: Date;
  dataSource: string;
  crc32c: number;
}

export function IndexUpdatesPanel({
  sources,
  transport,
  resubscribeKey,
}: {
  sources: string[];
  transport: 'websocket' | 'sse';
  /** Changes when the caller's identity does, so the subscription is made again with it. */
  resubscribeKey: unknown;
}) {
  const { t, i18n } = useTranslation();
  const [source, setSource] = useState(ALL);
  const [running, setRunning] = useState(false);
  const [events, setEvents] = useState<ReceivedEvent[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  const status = useGraphqlSubscription(PlaygroundIndexUpdatedDocument, {
    variables: { dataSource: source === ALL ? null : source },
    enabled: running,
    resubscribeKey,
    onResult: (result) => {
      if (result.errors?.length) {
        setRefusal(result.errors.map((e) => e.message).join(' '));
        setRunning(false);
      } else if (result.data) {
        const { dataSource, crc32c } = result.data.indexUpdated;
        setEvents((list) => [{ at: new Date(), dataSource, crc32c }, ...list].slice(0, KEPT_EVENTS));
      }
    },
  });

  const stateText = (state: SubscriptionState) =>
    state.state === 'retrying'
      ? t('graphql.subscription.state_retrying', { retry: state.retry, max: SUBSCRIPTION_RETRIES })
      : t(stateLabels[state.state]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('graphql.subscription.source')}
          value={source}
          onChange={(event) => setSource(event.target.value)}
          disabled={running}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ALL}>{t('graphql.subscription.all_sources')}</MenuItem>
          {sources.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant={running ? 'outlined' : 'contained'}
          onClick={() => {
            setRefusal(null);
            setRunning((on) => !on);
          }}
        >
          {running ? t('graphql.subscription.stop') : t('graphql.subscription.start')}
        </Button>
        <Typography role="status" color="text.secondary" data-testid="subscription-state">
          {running ? stateText(status.state) : t(stateLabels.closed)} · {t(transportLabels[transport])}
        </Typography>
      </Stack>
      {refusal && <Alert severity="warning">{refusal}</Alert>}
      {status.error != null && !refusal && (
        <Alert severity="error">
          {t('graphql.subscription.failed', {
            message: status.error instanceof Error ? status.error.message : String(status.error),
          })}
        </Alert>
      )}
      {events.length === 0 ? (
        <Typography color="text.secondary">{t('graphql.subscription.waiting')}</Typography>
      ) : (
        <List dense aria-label={t('graphql.subscription.events')} sx={{ py: 0 }}>
          {events.map((event) => (
            <ListItem
              key={`${event.at.getTime()}:${event.dataSource}:${event.crc32c}`}
              divider
              disableGutters
            >
              <ListItemText
                primary={event.dataSource}
                secondary={
                  <>
                    {time.format(event.at)} ·{' '}
                    <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                      crc32c {event.crc32c}
                    </Box>
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
