// A panel of the console: an outlined card whose heading names it for assistive technology, with an
// optional hint under the heading. A panel of a form is the form; a list panel lets its table reach
// the card's edges (the table is labelled by the same heading through `id`).
import { Paper, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

export function ConsolePanel({
  id,
  title,
  hint,
  list = false,
  onSubmit,
  noValidate,
  children,
}: {
  id: string;
  title: ReactNode;
  hint?: ReactNode;
  list?: boolean;
  /** Makes the panel a form. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      aria-labelledby={id}
      sx={list ? { borderRadius: 3, overflow: 'hidden' } : { p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      {...(onSubmit ? { component: 'form', onSubmit, noValidate } : { component: 'section' })}
    >
      <Typography variant="h6" component="h2" id={id} sx={list ? { p: 2 } : { mb: hint ? 0 : 2 }}>
        {title}
      </Typography>
      {hint && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
