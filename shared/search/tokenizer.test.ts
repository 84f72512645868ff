import { describe, expect, it } from 'vitest';
import { foldText, tokenize, tokenizeForIndex } from './tokenizer';

describe('tokenize', () => {
  it('folds accents so plain spellings match', () => {
    expect(tokenize('Zürich')).toEqual(['zurich']);
    expect(tokenize('São Paulo')).toEqual(['sao', 'paulo']);
    expect(tokenize("Côte d'Ivoire")).toEqual(['cote', 'd', 'ivoire']);
    expect(tokenize('Ærøskøbing Łódź Straße İstanbul')).toEqual([
      'aeroskobing',
      'lodz',
      'strasse',
      'istanbul',
    ]);
  });

  it('splits on hyphens, slashes, brackets and punctuation', () => {
    expect(tokenize('Saint-Denis')).toEqual(['saint', 'denis']);
    expect(tokenize('Zürich (Kreis 7) / Witikon')).toEqual(['zurich', 'kreis', '7', 'witikon']);
    expect(tokenize('  ')).toEqual([]);
  });

  it('keeps each word once, in order', () => {
    expect(tokenize('New York New')).toEqual(['new', 'york']);
  });

  it('indexes Arabic script, ignoring diacritics, tatweel and letter variants', () => {
    expect(tokenize('فرنسا')).toEqual(['فرنسا']);
    expect(tokenize('مِصْر')).toEqual(['مصر']);
    expect(foldText('القاهـــرة')).toEqual('القاهره');
    expect(tokenize('أبو ظبي')).toEqual(tokenize('ابو ظبي'));
    expect(tokenize('مكة')).toEqual(tokenize('مكه'));
    expect(foldText('٢٠٢٤')).toBe('2024');
  });

  it('searches Arabic words without their definite article, which the index holds both ways', () => {
    expect(tokenize('الخرطوم')).toEqual(['خرطوم']);
    expect(tokenize('الدار البيضاء')).toEqual(['دار', 'بيضاء']);
    expect(tokenize('ال')).toEqual(['ال']);
  });

  it('indexes Arabic words also without their definite article', () => {
    expect(tokenizeForIndex('القاهرة')).toEqual(['القاهره', 'قاهره']);
    // Hamza seats fold too: ئ → ي.
    expect(tokenizeForIndex('الجزائر العاصمة')).toEqual(['الجزاير', 'العاصمه', 'جزاير', 'عاصمه']);
    expect(tokenizeForIndex('ال')).toEqual(['ال']);
    expect(tokenizeForIndex('Saint-Denis')).toEqual(['saint', 'denis']);
  });
});
