// /testGraphql: run any operation against /graphql (ready-made ones for lookups, the caller, data
// sources and an item) and see it load, its data and its errors; follow index updates live. The
// app layer passes the lookups summary (another feature) and whether someone is signed in.
import { Alert, Paper, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { useAppConfig } from '#client/config/app-config';
import { useGraphqlClient } from '#client/graphql/graphql-provider';
import { GraphqlUsageError } from '#client/graphql/graphql-types';
import { IndexUpdatesPanel } from './index-updates-panel';
import { OperationEditor } from './operation-editor';
import { OperationResult } from './operation-result';
import { usePlaygroundOperation } from './use-playground-operation';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Stack sx={{ mt: 2 }}>{children}</Stack>
    </Paper>
  );
}

export function GraphqlPlaygroundPage({
  signedIn,
  lookupsPanel,
}: {
  signedIn: boolean | undefined;
  lookupsPanel: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useGraphqlClient();
  if (!client)
    throw new GraphqlUsageError('The GraphQL page needs a client: render it inside <GraphqlProvider>');
  const { run, state } = usePlaygroundOperation(client);
  const sources = Object.keys(useAppConfig().gapSearch.dataSources);

  return (
    <>
      <PageHeader title={t('pages.test_graphql.title')} description={t('pages.test_graphql.description')} />
      {signedIn === false && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('graphql.playground.signed_out_hint')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('graphql.playground.operation')}>
            <OperationEditor onRun={run} running={state?.pending ?? false} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('graphql.playground.result')}>
            <OperationResult run={state} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section
            title={t('graphql.subscription.title')}
            description={t('graphql.subscription.description')}
          >
            <IndexUpdatesPanel
              sources={sources}
              transport={client.subscriptionTransport}
              resubscribeKey={signedIn}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('graphql.lookups_title')} description={t('graphql.lookups_description')}>
            {lookupsPanel}
          </Section>
        </Grid>
      </Grid>
    </>
  );
}
