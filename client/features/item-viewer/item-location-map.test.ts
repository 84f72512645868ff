import { describe, expect, it } from 'vitest';
import { locationOf } from './item-location-map';

describe('item location', () => {
  it('is the numeric lat and lon of a document, when both are in range', () => {
    expect(locationOf({ lat: 48.85, lon: 2.35 })).toEqual({ lat: 48.85, lon: 2.35 });
    expect(locationOf({ lat: -90, lon: 180 })).toEqual({ lat: -90, lon: 180 });
    for (const document of [
      {},
      { lat: 48.85 },
      { lat: '48.85', lon: 2.35 },
      { lat: 91, lon: 0 },
      { lat: 0, lon: -181 },
    ]) {
      expect(locationOf(document)).toBeUndefined();
    }
  });
});
