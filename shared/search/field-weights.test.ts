import { describe, expect, it } from 'vitest';
import { fieldWeights, SECONDARY_WEIGHT, titlePropertiesOf } from './field-weights';

const source = {
  searchProperties: { name: 'text', capital: 'text[]', codes: 'text[]' },
  titleProperty: 'name',
  boostProperties: {},
};

describe('fieldWeights', () => {
  it('weighs the title property 1 and the others less, unless boostProperties says otherwise', () => {
    expect(fieldWeights(source)).toEqual({ name: 1, capital: SECONDARY_WEIGHT, codes: SECONDARY_WEIGHT });
    expect(fieldWeights({ ...source, boostProperties: { capital: 0.4, name: 2 } })).toEqual({
      name: 2,
      capital: 0.4,
      codes: SECONDARY_WEIGHT,
    });
  });

  it('takes titleProperties as the title when given', () => {
    const titled = { ...source, titleProperties: ['name', 'codes'] };
    expect(titlePropertiesOf(titled)).toEqual(['name', 'codes']);
    expect(fieldWeights(titled)).toEqual({ name: 1, capital: SECONDARY_WEIGHT, codes: 1 });
  });

  it('has no title property when the title is not searched', () => {
    expect(titlePropertiesOf({ ...source, titleProperty: 'label' })).toEqual([]);
  });
});
