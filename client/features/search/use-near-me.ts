// "Near me": the user's position from the Geolocation API, asked only when they click, kept for
// this screen only (never in the URL or on the device). A refusal, a failure and a browser without
// geolocation are told apart so the screen can say which.
import { useCallback, useRef, useState } from 'react';
import type { LatLon } from '#shared/search/sift/geo-distance';

export type NearMeState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; position: LatLon }
  | { status: 'error'; reason: 'denied' | 'unavailable' | 'unsupported' };

/** A cached position up to 10 minutes old will do; give up after 20 s. */
const POSITION_OPTIONS: PositionOptions = { maximumAge: 600_000, timeout: 20_000 };

/** Rounded to about 100 m: enough to sort by, and the search's cache key stays put as the device moves a little. */
const rounded = (degrees: number) => Math.round(degrees * 1000) / 1000;

/** `geolocation`: the browser's (null where it has none). */
export function useNearMe(geolocation: Geolocation | null = globalThis.navigator?.geolocation ?? null) {
  const [state, setState] = useState<NearMeState>({ status: 'off' });
  // An answer that arrives after "stop" (or a newer ask) is dropped.
  const asked = useRef(0);
  const locate = useCallback(() => {
    if (!geolocation) {
      setState({ status: 'error', reason: 'unsupported' });
      return;
    }
    asked.current += 1;
    const ask = asked.current;
    setState({ status: 'locating' });
    geolocation.getCurrentPosition(
      ({ coords }) => {
        if (ask === asked.current) {
          setState({
            status: 'on',
            position: { lat: rounded(coords.latitude), lon: rounded(coords.longitude) },
          });
        }
      },
      (error) => {
        if (ask !== asked.current) return;
        setState({
          status: 'error',
          reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
        });
      },
      POSITION_OPTIONS,
    );
  }, [geolocation]);
  const stop = useCallback(() => {
    asked.current += 1;
    setState({ status: 'off' });
  }, []);
  return { state, locate, stop };
}
