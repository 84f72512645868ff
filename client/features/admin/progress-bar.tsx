// One labelled progress bar for an upload or a server phase: determinate when the total is known.
import { Box, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Progress } from './progress-lines';

const phaseLabels: Record<string, string> = {
  upload: 'admin.import.phase.upload',
  reading: 'admin.import.phase.reading',
  'checking keys': 'admin.import.phase.checking_keys',
  writing: 'admin.import.phase.writing',
};

export function ProgressBar({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const id = useId();
  const percent =
    progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : undefined;
  const label = Object.hasOwn(phaseLabels, progress.phase) ? phaseLabels[progress.phase] : undefined;
  const phase = label ? t(label) : progress.phase;
  return (
    <Box>
      <Typography id={id} variant="body2" sx={{ mb: 0.5 }}>
        {phase}
        {percent !== undefined && ` · ${percent} %`}
      </Typography>
      <LinearProgress
        aria-labelledby={id}
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
      />
    </Box>
  );
}
