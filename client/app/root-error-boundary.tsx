// Catches every routing and rendering error: reloads on a stale chunk, logs for bots, and
// otherwise shows the spec's error page inside the default layout. The page's code loads only when
// an error happens; if even that fails (a stale build, offline), a plain message stands in.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { captureError } from '../logging/error-capture';
import { type AppError, isBot, isChunkLoadError, toAppError } from './app-error';
import { reloadAfterChunkError } from './chunk-reload';

type ErrorViewProps = { error: AppError };

function PlainErrorPage({ error }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <main role="alert" style={{ font: '16px system-ui', padding: 24 }}>
      <h1>{t('oops_error')}</h1>
      <p>{error.message}</p>
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

export function RootErrorBoundary() {
  const raw = useRouteError();
  const error = toAppError(raw);
  const reloading = isChunkLoadError(raw) && reloadAfterChunkError(window.location.pathname);
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
