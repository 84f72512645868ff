import { describe, expect, it } from 'vitest';
import { locationOf } from './item-location-map';

describe('item location', () => {
  const axes = { lat: 'lat', lon: 'lon' };

  it("is the numeric latitude and longitude its source's coordinates name, when both are in range", () => {
    expect(locationOf({ lat: 48.85, lon: 2.35 }, axes)).toEqual({ lat: 48.85, lon: 2.35 });
    expect(locationOf({ lat: -90, lon: 180 }, axes)).toEqual({ lat: -90, lon: 180 });
    expect(locationOf({ y: 1, x: 2 }, { lat: 'y', lon: 'x' })).toEqual({ lat: 1, lon: 2 });
    expect(locationOf({ lat: 48.85, lon: 2.35 }, undefined)).toBeUndefined();
    for (const document of [
      {},
      { lat: 48.85 },
      { lat: '48.85', lon: 2.35 },
      { lat: 91, lon: 0 },
      { lat: 0, lon: -181 },
    ]) {
      expect(locationOf(document, axes)).toBeUndefined();
    }
  });
});
