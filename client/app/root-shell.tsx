// The always-present frame around every layout: navigation progress (shown only after 100 ms),
// scroll restoration and anchor scrolling (after 300 ms), new-build reloads, the consent banner, and
// the installable app's notices (service worker, install prompt, offline badge). The banner and
// the notices load after the first render, so the first page paints without their code; a page the
// server draws has the banner in its HTML (it is often the largest thing a first visit paints).
import { Box, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { listenForInstallOffer } from '../features/pwa/install-prompt-store';
import { useReloadOnNewBuild } from './build-updates';
import { DeferredUi, preloadUi, type UiLoader } from './deferred-ui';

const loadConsentBanner: UiLoader = () =>
  import('../features/cookie-consent/consent-banner').then((m) => m.ConsentBanner);
/** The banner's heading (consent-banner.tsx): in a page's HTML when the server drew the banner. */
const CONSENT_BANNER_TITLE_ID = 'consent-banner-title';
const loadPwaUi: UiLoader = () => import('../features/pwa/pwa-ui').then((m) => m.PwaUi);

/**
 * What the frame draws at once on a page the server renders, loaded before it renders (whatever it
 * decides) or hydrates (when the server drew it).
 */
export const prepareServerDrawnFrame = () =>
  import.meta.env.SSR || document.getElementById(CONSENT_BANNER_TITLE_ID)
    ? preloadUi(loadConsentBanner)
    : null;

// At module load, before React renders: Chromium may offer installation before the notices load.
// (Not in the render bundle, which runs on the server: docs/rendering.md.)
if (!import.meta.env.SSR) listenForInstallOffer();

const PAGE_TRANSITION_DELAY_MS = 100;
const SCROLL_TO_ANCHOR_DELAY_MS = 300;

function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [on, delayMs]);
  return shown;
}

function useScrollToAnchor(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every navigation, even to the same hash
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, SCROLL_TO_ANCHOR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}

export function TopProgress() {
  return (
    <LinearProgress
      aria-hidden
      sx={{
        position: 'fixed',
        top: 0,
        insetInline: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        height: 3,
      }}
    />
  );
}

export function RootShell() {
  const navigation = useNavigation();
  const busy = useDelayedFlag(navigation.state !== 'idle', PAGE_TRANSITION_DELAY_MS);
  useScrollToAnchor();
  useReloadOnNewBuild();
  return (
    <>
      {busy && <TopProgress />}
      <Outlet />
      <DeferredUi load={loadConsentBanner} />
      <DeferredUi load={loadPwaUi} />
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  );
}

/** Shown while the first route's code loads. */
export function StartupProgress() {
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <TopProgress />
    </Box>
  );
}
