// @vitest-environment happy-dom
// The browser's offer to install: taken whether it came before the app's modules ran (kept by
// index.html's script) or after, shown until dismissed, and a dismissal remembered.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineScript } from '#tests/support/index-html';
import { INSTALL_DISMISSED_KEY, installPromptStore, listenForInstallOffer } from './install-prompt-store';

const keeper = inlineScript('siftInstallOffer');

/** Chromium's event, with a prompt the user answers `outcome`. */
function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  window.dispatchEvent(event);
  return event;
}

const offered = () => installPromptStore.offered(installPromptStore.state.getState());

beforeEach(() => {
  delete window.siftInstallOffer;
  localStorage.clear();
  installPromptStore.state.setState({ offer: null });
});

describe('the install offer', () => {
  it('is kept when it comes before the app listens, and taken once it does', async () => {
    new Function(keeper)();
    const early = offer();
    // Chromium's own mini-infobar stays away: the app's prompt shows instead.
    expect(early.defaultPrevented).toBe(true);
    expect(offered()).toBe(false);

    listenForInstallOffer(window);
    expect(offered()).toBe(true);
    await installPromptStore.install();
    expect(early.prompt).toHaveBeenCalledOnce();
    expect(offered()).toBe(false);
  });

  it('comes after the app listens too; dismissed, it is not shown again', async () => {
    listenForInstallOffer(window);
    const later = offer('dismissed');
    expect(later.defaultPrevented).toBe(true);
    expect(offered()).toBe(true);
    await installPromptStore.install();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');

    offer();
    expect(installPromptStore.state.getState().offer).not.toBeNull();
    expect(offered()).toBe(false);
  });
});
