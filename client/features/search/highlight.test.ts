import { describe, expect, it } from 'vitest';
import { tokenize } from '#shared/search/tokenizer';
import { highlight } from './highlight';

const marked = (text: string, query: string) =>
  highlight(text, tokenize(query))
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');

describe('highlight', () => {
  it('marks the start of each word a query word is a prefix of', () => {
    expect(marked('United States of America', 'uni st')).toBe('[Uni]ted [St]ates of America');
    expect(marked('San Marino', 'marino')).toBe('San [Marino]');
  });

  it('compares like the search does: accents, letter variants and case fold', () => {
    expect(marked('São Tomé and Príncipe', 'sao tome')).toBe('[São] [Tomé] and Príncipe');
    expect(marked('Zürich', 'zur')).toBe('[Zür]ich');
    expect(marked('Straße', 'strass')).toBe('[Straß]e');
    expect(marked('Côte d’Ivoire', 'cote d ivoire')).toBe('[Côte] [d]’[Ivoire]');
  });

  it('marks Arabic words found without their article', () => {
    expect(marked('القاهرة', 'قاهرة')).toBe('[القاهرة]');
  });

  it('marks whole words a query word matched with a typo, as the search does', () => {
    expect(marked('London', 'londn')).toBe('[London]');
    expect(marked('Barcelona', 'barcleona')).toBe('[Barcelona]');
    expect(marked('New York City', 'new yrok')).toBe('[New] [York] City');
    // Too short for a typo, another first letter, or too far.
    expect(marked('Lima', 'lma')).toBe('Lima');
    expect(marked('London', 'kondon')).toBe('London');
    expect(marked('London', 'lndn')).toBe('London');
  });

  it('leaves text alone without query words or matches', () => {
    expect(marked('Paris', '')).toBe('Paris');
    expect(marked('Paris', 'lyon')).toBe('Paris');
    expect(marked('Paris', 'aris')).toBe('Paris');
  });
});
