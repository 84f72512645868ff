// A small read-only table: a heading per column and a row per item, scrolling sideways when it is
// wider than the screen. For data grids with sorting or paging, use something else.
import type { SxProps, Theme } from '@mui/material';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

export interface SimpleColumn<T> {
  heading: string;
  cell: (item: T) => ReactNode;
  sx?: SxProps<Theme>;
  /** For codes and ids, which read left to right in every language. */
  dir?: 'ltr';
}

/** Named by the element `labelledBy` points at, or by `label`. */
type TableName = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

export function SimpleTable<T>({
  columns,
  rows,
  rowKey,
  ...name
}: TableName & { columns: SimpleColumn<T>[]; rows: T[]; rowKey: (item: T) => string | number }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={name.labelledBy} aria-label={name.label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.heading}>{column.heading}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => (
            <TableRow key={rowKey(item)}>
              {columns.map((column) => (
                <TableCell key={column.heading} sx={column.sx} dir={column.dir}>
                  {column.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
