// Catches every routing and rendering error: reloads into a newer build when one replaced a chunk
// that failed to load, logs for bots, and otherwise shows the spec's error page inside the default
// layout. The page's code loads only when an error happens; if even that fails (a stale build,
// offline), a plain message stands in.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { captureError } from '../logging/error-capture';
import { type AppError, isBot, isChunkLoadError, shownMessage, toAppError } from './app-error';
import { reloadIfReplaced } from './chunk-reload';

type ErrorViewProps = { error: AppError };

function PlainErrorPage({ error }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <main role="alert" style={{ font: '16px system-ui', padding: 24 }}>
      <h1>{t('oops_error')}</h1>
      <p>{shownMessage(error, t)}</p>
      <p>{t('error_instructions')}</p>
    </main>
  );
}

const ErrorView = lazy(() =>
  Promise.all([import('../components/error-page'), import('./layouts/default-layout-frame')])
    .then(([{ ErrorPage }, { DefaultLayoutFrame }]) => ({
      default: ({ error }: ErrorViewProps) => (
        <DefaultLayoutFrame>
          <ErrorPage error={error} />
        </DefaultLayoutFrame>
      ),
    }))
    .catch(() => ({ default: PlainErrorPage })),
);

/**
 * For a chunk that failed to load: true while asking whether a newer build replaced it, and from
 * then on if the page is reloading into that build; false once the page stays, and for other errors.
 */
function useReloadingForChunk(error: unknown): boolean {
  const chunk = isChunkLoadError(error);
  const [stays, setStays] = useState<unknown>(null);
  useEffect(() => {
    if (!chunk) return;
    let current = true;
    void reloadIfReplaced(window.location.pathname)
      .catch(() => false)
      .then((reloading) => {
        if (!reloading && current) setStays(error);
      });
    return () => {
      current = false;
    };
  }, [chunk, error]);
  return chunk && stays !== error;
}

export function RootErrorBoundary() {
  const raw = useRouteError();
  const error = toAppError(raw);
  const reloading = useReloadingForChunk(raw);
  const bot = isBot(navigator.userAgent);

  const notFound = error.statusCode === 404;
  // The error, not the last good view of this URL, is what the page shows now. Loaded on demand:
  // the snapshot's module stays out of the shell chunk.
  useEffect(() => {
    import('./start-snapshot')
      .then(({ dismissStartSnapshot }) => dismissStartSnapshot())
      .catch(() => undefined); // offline and not cached: the boot script's 10 s limit removes it
  }, []);

  useEffect(() => {
    if (reloading || notFound) return;
    // React's root callbacks may have reported the same error object already; it is sent once.
    captureError(raw, 'route-error');
  }, [raw, notFound, reloading]);

  if (reloading || bot) return null;
  return (
    <Suspense fallback={null}>
      <ErrorView error={error} />
    </Suspense>
  );
}
