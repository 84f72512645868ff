// The browser's offer to install the app (spec §2 install prompt): kept from `beforeinstallprompt`
// until the user installs or dismisses it; a dismissal is remembered in local storage.
import { createStore } from 'zustand/vanilla';

/** Chromium's event; not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_DISMISSED_KEY = 'sift-pwa:install-dismissed';

const state = createStore<{ offer: BeforeInstallPromptEvent | null }>()(() => ({ offer: null }));

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function setOffer(offer: BeforeInstallPromptEvent | null) {
  state.setState({ offer });
}

declare global {
  interface Window {
    /** The offer index.html's script kept, which may have come before this module ran. */
    siftInstallOffer?: BeforeInstallPromptEvent;
  }
}

/**
 * Listens from module load on: the browser may offer installation before React renders, and even
 * before the app's modules arrive, so the offer index.html's script kept is taken on first.
 */
export function listenForInstallOffer(target: Window = window): void {
  if (target.siftInstallOffer) setOffer(target.siftInstallOffer);
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chromium's own mini-infobar away; our prompt shows instead (unless dismissed before).
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => setOffer(null));
}

export const installPromptStore = {
  /** For useStore in components, with `offered` as the selector. */
  state,
  /** Whether to show the prompt: the browser offers installation and the user has not said no. */
  offered: ({ offer }: { offer: BeforeInstallPromptEvent | null }): boolean =>
    offer !== null && !dismissedBefore(),
  async install(): Promise<void> {
    const current = state.getState().offer;
    if (!current) return;
    setOffer(null);
    await current.prompt();
    const { outcome } = await current.userChoice;
    if (outcome === 'dismissed') installPromptStore.dismiss();
  },
  dismiss(): void {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
    } catch {
      // Storage blocked: the prompt still hides for this visit.
    }
    setOffer(null);
  },
};
