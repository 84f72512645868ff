import { describe, expect, it } from 'vitest';
import { findLocale } from '#shared/locales';
import { firstDayOfWeek, formattingTag, userRegion } from './region';

const en = findLocale('en')!;
const fr = findLocale('fr')!;
const ar = findLocale('ar')!;

describe('the user region', () => {
  it('prefers the region the browser names for the chosen language', () => {
    expect(userRegion(fr, ['en-US', 'fr-CA', 'fr'])).toBe('CA');
    expect(userRegion(en, ['en-GB', 'en-US'])).toBe('GB');
  });

  it('otherwise takes the first region the browser names at all', () => {
    expect(userRegion(ar, ['fr', 'en-AU'])).toBe('AU');
    expect(userRegion(en, ['es-MX', 'es'])).toBe('MX');
  });

  it("falls back to the language's usual region, ignoring tags it cannot parse", () => {
    expect(userRegion(ar, [])).toBe('EG');
    expect(userRegion(fr, ['not a tag', 'fr'])).toBe('FR');
    expect(userRegion(en, [])).toBe('US');
  });

  it('builds the formatting tag from the interface language and the region', () => {
    expect(formattingTag(fr, 'CA')).toBe('fr-CA');
  });
});

describe('the first day of the week', () => {
  it('follows the region, counted from Sunday as dayjs does', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('es-MX')).toBe(0);
    expect(firstDayOfWeek('fr-FR')).toBe(1);
    expect(firstDayOfWeek('ar-EG')).toBe(6);
    expect(firstDayOfWeek('ar-AE')).toBe(1);
  });

  it('is unknown for a tag it cannot parse', () => {
    expect(firstDayOfWeek('')).toBeUndefined();
  });
});
