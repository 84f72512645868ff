// /modules/auth/login: sign in (default layout; signed-in users are sent to /).
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { LoginPanel } from '#client/features/auth/login-panel';
import type { AuthProviders } from '#shared/auth';
import { serverRenderOf } from '../server-render-context';

/** The server draws the form at once, with the providers it offers (server-page.ts). */
export const loaderOnServer = true;

/** On the server, the providers; in the browser nothing: the panel asks for them. */
export async function loader({ context }: LoaderFunctionArgs): Promise<AuthProviders | null> {
  const render = serverRenderOf(context);
  if (!render) return null;
  try {
    return await render.data.signInProviders();
  } catch (error) {
    render.data.logError('The sign-in page is drawn without its providers', error);
    return null;
  }
}

export function Component() {
  return <LoginPanel drawnProviders={useLoaderData<typeof loader>() ?? undefined} />;
}
