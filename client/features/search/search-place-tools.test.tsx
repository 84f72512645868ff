// @vitest-environment happy-dom
// Near me: the position is asked only on a click; the answer turns the distance order on (and a
// second click off), and a refusal, a failure or a browser without geolocation each say so.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '#tests/support/render-app';
import { SearchPlaceTools } from './search-place-tools';
import { useNearMe } from './use-near-me';

function Harness({ geolocation }: { geolocation: Geolocation | null }) {
  const nearMe = useNearMe(geolocation);
  return (
    <>
      <SearchPlaceTools
        nearMe={nearMe.state}
        onLocate={nearMe.locate}
        onStop={nearMe.stop}
        results={[]}
        linkState={null}
      />
      <span data-testid="position">
        {nearMe.state.status === 'on' ? `${nearMe.state.position.lat},${nearMe.state.position.lon}` : ''}
      </span>
    </>
  );
}

/** A geolocation that answers each ask with `answer` (a position or an error code). */
function fakeGeolocation(answer: { latitude: number; longitude: number } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('code' in answer) failure?.({ code: answer.code, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    else success({ coords: answer } as GeolocationPosition);
  });
  return { geolocation: { getCurrentPosition } as unknown as Geolocation, getCurrentPosition };
}

const show = (geolocation: Geolocation | null) =>
  renderApp({ url: '/', routes: [{ path: '/', element: <Harness geolocation={geolocation} /> }] });

describe('near me', () => {
  it('asks for the position only on a click, then sorts nearest first until clicked again', async () => {
    const { geolocation, getCurrentPosition } = fakeGeolocation({ latitude: 43.14159, longitude: -80.26 });
    const { user } = await show(geolocation);
    const button = screen.getByRole('button', { name: 'Near me' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await user.click(button);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('Nearest first');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('position').textContent).toBe('43.142,-80.26');

    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('status')).toBeNull();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('says so when the position is refused, cannot be found, or the browser has no geolocation', async () => {
    const refused = await show(fakeGeolocation({ code: 1 }).geolocation);
    await refused.user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(screen.getByRole('alert').textContent).toContain('Your position was not shared');
    refused.unmount();

    const lost = await show(fakeGeolocation({ code: 2 }).geolocation);
    await lost.user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(screen.getByRole('alert').textContent).toContain('Your position could not be found');
    lost.unmount();

    const { user } = await show(null);
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(screen.getByRole('alert').textContent).toContain('This browser cannot share your position.');
    expect(screen.getByTestId('position').textContent).toBe('');
  });
});
