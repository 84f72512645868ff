// @vitest-environment happy-dom
// The range filter: its histogram read out per bucket, bounds applied on Enter, one end open, a
// minimum above the maximum said and not applied, and Clear.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '#tests/support/render-app';
import { SearchRangeFilter } from './search-range-filter';

const format = (n: number) => new Intl.NumberFormat('en').format(n);

async function show(value: string | undefined) {
  const onChange = vi.fn();
  const view = await renderApp({
    url: '/',
    routes: [
      {
        path: '/',
        element: (
          <SearchRangeFilter
            title="Population"
            boundaries={[1000, 100_000]}
            counts={[4, 12, 1]}
            value={value}
            onChange={onChange}
            formatNumber={format}
          />
        ),
      },
    ],
  });
  return { ...view, onChange };
}

describe('range filter', () => {
  it('reads out the matches per bucket', async () => {
    await show(undefined);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Population of the matches: under 1,000: 4; 1,000–100,000: 12; 100,000 or more: 1',
    );
    expect(screen.queryByRole('button', { name: 'Clear the Population filter' })).toBeNull();
  });

  it('applies the typed bounds on Enter, either end left open', async () => {
    const { user, onChange } = await show(undefined);
    await user.type(screen.getByLabelText('Minimum'), '5000{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('5000..');
    await user.type(screen.getByLabelText('Maximum'), '20000.5{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('5000..20000.5');
  });

  it('says a minimum above the maximum and does not apply it', async () => {
    const { user, onChange } = await show('..100');
    expect((screen.getByLabelText('Maximum') as HTMLInputElement).value).toBe('100');
    await user.type(screen.getByLabelText('Minimum'), '500{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The minimum is above the maximum');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Clear the Population filter' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
