import { expect, it } from 'vitest';
import { numberFormat } from './number-format';

it('makes one format per language and options, and formats as Intl does', () => {
  const km = { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 } as const;
  expect(numberFormat('en', km)).toBe(numberFormat('en', { ...km }));
  expect(numberFormat('en', km)).not.toBe(numberFormat('fr', km));
  expect(numberFormat('en', km)).not.toBe(numberFormat('en', { ...km, maximumFractionDigits: 0 }));
  expect(numberFormat('en')).toBe(numberFormat('en', {}));
  expect(numberFormat('fr', km).format(12.34)).toBe(new Intl.NumberFormat('fr', km).format(12.34));
});
