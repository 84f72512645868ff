// The editor of /testGraphql: ready-made operations, the query text and its variables.
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstDrawnRows } from '#client/lib/first-render';
import {
  operationKind,
  type PlaygroundPreset,
  parseVariables,
  playgroundPresets,
} from './playground-presets';
import type { SubmittedOperation } from './use-playground-operation';

const presetLabels: Record<PlaygroundPreset['id'], string> = {
  lookups: 'graphql.playground.preset_lookups',
  me: 'graphql.playground.preset_me',
  data_sources: 'graphql.playground.preset_data_sources',
  item: 'graphql.playground.preset_item',
};

const problemTexts = {
  variables: 'graphql.playground.variables_invalid',
  subscription: 'graphql.playground.subscription_in_editor',
  no_operation: 'graphql.playground.no_operation',
} as const;

/** A multi-line field for code: left to right in every language, monospace, no spell-check. */
function CodeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minRows: number;
  problem?: string;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      multiline
      minRows={props.minRows}
      fullWidth
      error={props.problem !== undefined}
      helperText={props.problem}
      slotProps={{
        htmlInput: {
          dir: 'ltr',
          spellCheck: false,
          style: { fontFamily: 'monospace', fontSize: 13 },
          rows: firstDrawnRows(props.value, props.minRows),
        },
      }}
      sx={{ mb: 2 }}
    />
  );
}

export function OperationEditor({
  onRun,
  running,
}: {
  onRun: (operation: SubmittedOperation) => void;
  running: boolean;
}) {
  const { t } = useTranslation();
  const [first] = playgroundPresets;
  const [query, setQuery] = useState(first!.query);
  const [variables, setVariables] = useState(JSON.stringify(first!.variables, null, 2));
  const [problem, setProblem] = useState<keyof typeof problemTexts | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseVariables(variables);
    const kind = operationKind(query);
    if (!parsed) return setProblem('variables');
    if (!kind) return setProblem('no_operation');
    if (kind === 'subscription') return setProblem('subscription');
    setProblem(null);
    onRun({ kind, query, variables: parsed });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }} id="graphql-presets">
        {t('graphql.playground.presets')}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
        role="group"
        aria-labelledby="graphql-presets"
      >
        {playgroundPresets.map((preset) => (
          <Chip
            key={preset.id}
            label={t(presetLabels[preset.id])}
            variant={query === preset.query ? 'filled' : 'outlined'}
            color={query === preset.query ? 'primary' : 'default'}
            onClick={() => {
              setQuery(preset.query);
              setVariables(JSON.stringify(preset.variables, null, 2));
              setProblem(null);
            }}
          />
        ))}
      </Stack>
      <CodeField
        label={t('graphql.playground.query')}
        value={query}
        onChange={setQuery}
        minRows={8}
        problem={
          problem === 'no_operation' || problem === 'subscription' ? t(problemTexts[problem]) : undefined
        }
      />
      <CodeField
        label={t('graphql.playground.variables')}
        value={variables}
        onChange={setVariables}
        minRows={2}
        problem={problem === 'variables' ? t(problemTexts.variables) : undefined}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<PlayArrow />}
        loading={running}
        loadingPosition="start"
      >
        {t('graphql.playground.run')}
      </Button>
    </Box>
  );
}
