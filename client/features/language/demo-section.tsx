// A titled card holding one demonstration on the language pages.
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function DemoSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={id}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <div>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: '75ch' }}>
              {description}
            </Typography>
          )}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
