// @vitest-environment happy-dom
// Inviting someone as an admin sees it: the account's creation says whether the sign-in link went
// out (sent, refused by the mail server with its reason, or email sign-in off), in the email
// language chosen, and the link can be sent again from the list. The server is faked at fetch.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, Invitation } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { fakeServer, json } from '#tests/support/fake-server';
import { renderApp } from '#tests/support/render-app';
import { PeoplePage } from './people-page';

const admin: AdminUser = {
  id: 'a1',
  email: 'admin@example.test',
  name: null,
  role: 'admin',
  hasPassword: true,
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function open(invitation: Invitation, resend: () => Response = () => json({ status: 'sent' })) {
  const users = [admin];
  const fake = fakeServer({
    [`GET ${apiPaths.admin.users}`]: () => json(users),
    [`POST ${apiPaths.admin.users}`]: async (request) => {
      const body = (await request.json()) as { email: string; password?: string };
      const created = { ...admin, id: 'u2', role: 'user', email: body.email, hasPassword: !!body.password };
      users.push(created);
      return json({ ...created, invitation }, { status: 201 });
    },
    [`POST ${apiPaths.admin.userInvite('u2')}`]: resend,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return { fake, app: renderApp({ url: '/', routes: [{ path: '/', element: <PeoplePage me="a1" /> }] }) };
}

async function invite(app: ReturnType<typeof open>['app'], email: string, language?: string) {
  const { user } = await app;
  await user.type(await screen.findByRole('textbox', { name: /^Email/ }), email);
  if (language) {
    await user.click(screen.getByRole('combobox', { name: 'Email language' }));
    await user.click(screen.getByRole('option', { name: language }));
  }
  await user.click(screen.getByRole('button', { name: 'Invite' }));
}
/** The text of the alert shown once it says `text`. */
const alertSaying = (text: string) => screen.findByText(text, { selector: '[role="alert"] *' });

afterEach(() => vi.unstubAllGlobals());

describe('inviting someone', () => {
  it('says the link is on its way, and asks for it in the language chosen', async () => {
    const { fake, app } = open({ status: 'sent' });
    await invite(app, 'dora@example.test', 'Français');
    await alertSaying('dora@example.test has an account: a sign-in link is on its way to them.');
    expect(JSON.parse(fake.to('POST', apiPaths.admin.users)[0]!.body)).toMatchObject({
      email: 'dora@example.test',
      language: 'fr',
    });
  });

  it('warns with the reason when the mail server refused, and sends the link again from the list', async () => {
    const { fake, app } = open({ status: 'failed', reason: 'connect ECONNREFUSED' });
    await invite(app, 'eve@example.test');
    await alertSaying(
      'eve@example.test has an account, but the sign-in link was not sent (connect ECONNREFUSED). Send it again from the list.',
    );
    const row = (await screen.findByText('eve@example.test')).closest('tr')!;
    await (await app).user.click(
      within(row).getByRole('button', { name: 'Send sign-in link: eve@example.test' }),
    );
    await alertSaying('A sign-in link is on its way to eve@example.test.');
    expect(JSON.parse(fake.to('POST', apiPaths.admin.userInvite('u2'))[0]!.body)).toEqual({ language: 'en' });
  });

  it('warns that a person without a password cannot sign in while email sign-in is off', async () => {
    const { app } = open({ status: 'off' }, () =>
      json(
        { error: { code: 'email_sign_in_off', message: 'Email sign-in is off on this server.' } },
        { status: 409 },
      ),
    );
    await invite(app, 'fay@example.test');
    await alertSaying(
      'fay@example.test has an account, but email sign-in is off on this server: set a password so they can sign in.',
    );
    const row = (await screen.findByText('fay@example.test')).closest('tr')!;
    await (await app).user.click(
      within(row).getByRole('button', { name: 'Send sign-in link: fay@example.test' }),
    );
    await alertSaying('Email sign-in is off on this server.');
  });
});
