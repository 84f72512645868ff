import { describe, expect, it } from 'vitest';
import { cityAltNames } from './city-alt-names';

describe('cityAltNames', () => {
  const names = cityAltNames();

  it('names capitals and large cities in Latin and Arabic script, with their codes apart', () => {
    const cairo = names.get('360630')!;
    expect(cairo.altNames).toEqual(expect.arrayContaining(['القاهرة', 'Le Caire', 'El Cairo', 'Al Qahirah']));
    expect(cairo.codes).toEqual(['CAI']);
    expect(names.get('2643743')!.altNames).toEqual(expect.arrayContaining(['Londres', 'لندن']));
    expect(names.get('5128581')!.codes).toContain('NYC');
  });

  it('keeps neither other scripts, nor vowel-less romanisations, nor spellings that fold to the name', () => {
    const london = names.get('2643743')!.altNames;
    expect(london).not.toContain('Лондон');
    expect(london).not.toContain('lndn');
    expect(london).not.toContain('London');
    expect(london).not.toContain('LON');
  });

  it('leaves out towns under 100,000 people that are not capitals', () => {
    // Cairo, Georgia (9,607 people) and Vaduz, the capital of Liechtenstein (5,197).
    expect(names.has('4185632')).toBe(false);
    expect(names.has('3042030')).toBe(true);
  });
});
