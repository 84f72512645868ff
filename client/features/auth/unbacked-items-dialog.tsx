// Asks before a sign-out deletes items the backup does not hold: how many, why the backup lacks
// them, and whether to sign out anyway or stay signed in and keep them. The count follows the store:
// a backup that finishes while the dialog is open says so, and signing out then loses nothing.
import { Alert, Button, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedDialogActions } from '#client/components/stacked-dialog-actions';
import type { BackupProblem } from '#client/kv/kv-sync';
import { useUnbackedKeys } from '#client/kv/use-kv';
import type { HeldSignOut } from './use-sign-out';

const problemTexts: Record<BackupProblem['kind'], string> = {
  timeout: 'auth.unbacked.problem.timeout',
  offline: 'auth.unbacked.problem.offline',
  refused: 'auth.unbacked.problem.refused',
  failed: 'auth.unbacked.problem.failed',
};

interface UnbackedItemsDialogProps {
  held: HeldSignOut | null;
  busy: boolean;
  onSignOut: () => void;
  onStay: () => void;
}

export function UnbackedItemsDialog({ held, busy, onSignOut, onStay }: UnbackedItemsDialogProps) {
  const { t } = useTranslation();
  const count = useUnbackedKeys().length;
  // What was asked, so the dialog does not change while it fades out after an answer.
  const shown = useRef(held);
  if (held) shown.current = held;
  const { everywhere = false, problem } = shown.current ?? {};
  const done = count === 0;

  return (
    <Dialog
      open={!!held}
      onClose={() => {
        if (!busy) onStay();
      }}
      fullWidth
      maxWidth="xs"
      aria-labelledby="unbacked-items-title"
      aria-describedby="unbacked-items-text"
    >
      <DialogTitle id="unbacked-items-title">
        {done ? t('auth.unbacked.done_title') : t('auth.unbacked.title', { count })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="unbacked-items-text">
          {done ? t('auth.unbacked.done_text') : t('auth.unbacked.text', { count })}
        </DialogContentText>
        {!done && problem && (
          <Alert severity="warning" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
            {t(problemTexts[problem.kind])}
            {'message' in problem && (
              <>
                {' '}
                <bdi>{problem.message}</bdi>
              </>
            )}
          </Alert>
        )}
        {!done && (
          <DialogContentText variant="body2" sx={{ mt: 2 }}>
            {t('auth.unbacked.stay_text')}
          </DialogContentText>
        )}
      </DialogContent>
      {/* Stacked on phones; wider, the destructive action stands apart from staying. */}
      <StackedDialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          color={done ? 'primary' : 'error'}
          loading={busy}
          onClick={onSignOut}
          sx={{ mr: { sm: 'auto' } }}
        >
          {done
            ? t(everywhere ? 'auth.sign_out_everywhere' : 'auth.sign_out')
            : t('auth.unbacked.sign_out_anyway', { count })}
        </Button>
        <Button variant="contained" disabled={busy} onClick={onStay} autoFocus>
          {t('auth.unbacked.stay')}
        </Button>
      </StackedDialogActions>
    </Dialog>
  );
}
