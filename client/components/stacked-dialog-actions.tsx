// A dialog's buttons stacked full width on phones and in a row wider up, where a destructive one
// stands apart from the others by its own `sx={{ mr: { sm: 'auto' } }}`.
import { DialogActions, type DialogActionsProps } from '@mui/material';

export function StackedDialogActions({ sx, ...props }: DialogActionsProps) {
  return (
    <DialogActions
      disableSpacing
      sx={[
        { flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    />
  );
}
