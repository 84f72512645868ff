// People: every account with its role and state; invite someone (their email sign-in link in the
// language chosen, and an optional password), send the link again, set a role, disable or enable,
// set a password, end every session.
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '#client/components/simple-table';
import type { AdminUser, CreatedUser, Invitation } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { locales } from '#shared/locales';
import { AdminApiError, adminFetch } from './admin-fetch';
import { adminKeys } from './admin-queries';
import { ConfirmDialog } from './confirm-dialog';
import { ConsolePanel } from './console-panel';
import { ErrorAlert } from './error-alert';
import { formatInstant } from './format';

const roleLabels: Record<string, string> = {
  user: 'admin.people.role_user',
  admin: 'admin.people.role_admin',
};

/** The message of a field's issue in a refused request, if any. */
const issueOf = (error: unknown, field: string) =>
  error instanceof AdminApiError ? error.issues.find((issue) => issue.path === field)?.message : undefined;

type Notice = { severity: 'success' | 'info' | 'warning'; text: string };

/** What became of an account's creation, in words: whether and how its sign-in link went out. */
function createdNotice(
  t: ReturnType<typeof useTranslation>['t'],
  { email, hasPassword, invitation }: CreatedUser,
): Notice {
  switch (invitation.status) {
    case 'sent':
      return { severity: 'success', text: t('admin.people.created_sent', { email }) };
    case 'logged':
      return { severity: 'info', text: t('admin.people.created_logged', { email }) };
    case 'failed':
      return {
        severity: 'warning',
        text: t('admin.people.created_failed', { email, reason: invitation.reason }),
      };
    case 'off':
      return hasPassword
        ? { severity: 'success', text: t('admin.people.created_password', { email }) }
        : { severity: 'warning', text: t('admin.people.created_off', { email }) };
  }
}

/** `me`: the signed-in admin's id, whose role and state the server will not let them change. */
export function PeoplePage({ me }: { me: string | undefined }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: adminKeys.users,
    queryFn: ({ signal }) => adminFetch<AdminUser[]>(apiPaths.admin.users, { signal }),
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'disable' | 'sessions'; user: AdminUser } | null>(null);
  const [passwordFor, setPasswordFor] = useState<AdminUser | null>(null);
  const done = (message: string | Notice) => {
    setNotice(typeof message === 'string' ? { severity: 'success', text: message } : message);
    return queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
  const update = useMutation({
    mutationFn: ({ user, change }: { user: AdminUser; change: { role?: string; disabled?: boolean } }) =>
      adminFetch<AdminUser>(apiPaths.admin.user(user.id), { method: 'PATCH', body: change }),
    onSuccess: (user) => done(t('admin.people.updated', { email: user.email })),
  });
  const endSessions = useMutation({
    mutationFn: (user: AdminUser) =>
      adminFetch<void>(apiPaths.admin.userSessions(user.id), { method: 'POST' }),
    onSuccess: (_, user) => done(t('admin.people.sessions_ended', { email: user.email })),
  });
  const sendLink = useMutation({
    mutationFn: (user: AdminUser) =>
      adminFetch<Invitation>(apiPaths.admin.userInvite(user.id), {
        method: 'POST',
        body: { language: i18n.language },
      }),
    onSuccess: ({ status }, { email }) =>
      done(
        status === 'logged'
          ? { severity: 'info', text: t('admin.people.link_logged', { email }) }
          : t('admin.people.link_sent', { email }),
      ),
  });
  const failed = update.error ?? endSessions.error ?? sendLink.error;

  if (users.isPending) return <CircularProgress aria-label={t('admin.loading')} />;
  if (users.isError) return <ErrorAlert error={users.error} />;
  return (
    <Stack spacing={3}>
      <InviteForm onCreated={(user) => done(createdNotice(t, user))} />
      <Box aria-live="polite">
        {notice && !failed && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {failed && <ErrorAlert error={failed} />}
      </Box>
      <ConsolePanel list id="people-list" title={t('admin.people.list')}>
        <SimpleTable
          labelledBy="people-list"
          rows={users.data}
          rowKey={(user) => user.id}
          columns={[
            {
              heading: t('admin.people.email'),
              cell: (user) => (
                <>
                  <Box component="span" dir="ltr">
                    {user.email}
                  </Box>
                  {user.id === me && ` (${t('admin.people.you')})`}
                  {user.name && (
                    <Typography variant="body2" color="text.secondary">
                      {user.name}
                    </Typography>
                  )}
                </>
              ),
            },
            {
              heading: t('admin.people.role'),
              cell: (user) => (
                <TextField
                  select
                  size="small"
                  value={user.role}
                  disabled={user.id === me || update.isPending}
                  onChange={(event) => update.mutate({ user, change: { role: event.target.value } })}
                  slotProps={{ htmlInput: { 'aria-label': t('admin.people.role') } }}
                  sx={{ minWidth: 150 }}
                >
                  {[...new Set([user.role, 'user', 'admin'])].map((role) => (
                    <MenuItem key={role} value={role}>
                      {Object.hasOwn(roleLabels, role) ? t(roleLabels[role]!) : role}
                    </MenuItem>
                  ))}
                </TextField>
              ),
            },
            {
              heading: t('admin.people.status'),
              cell: (user) => (
                <Chip
                  size="small"
                  color={user.disabled ? 'default' : 'success'}
                  label={user.disabled ? t('admin.people.disabled') : t('admin.people.active')}
                />
              ),
            },
            {
              heading: t('admin.people.created'),
              cell: (user) => formatInstant(user.createdAt, i18n.language),
            },
            {
              heading: t('admin.people.actions'),
              cell: (user) => (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  <Button
                    size="small"
                    disabled={user.id === me}
                    onClick={() =>
                      user.disabled
                        ? update.mutate({ user, change: { disabled: false } })
                        : setConfirm({ kind: 'disable', user })
                    }
                    aria-label={`${user.disabled ? t('admin.people.enable') : t('admin.people.disable')}: ${user.email}`}
                  >
                    {user.disabled ? t('admin.people.enable') : t('admin.people.disable')}
                  </Button>
                  {!user.disabled && (
                    <Button
                      size="small"
                      disabled={sendLink.isPending}
                      onClick={() => sendLink.mutate(user)}
                      aria-label={`${t('admin.people.send_link')}: ${user.email}`}
                    >
                      {t('admin.people.send_link')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    onClick={() => setPasswordFor(user)}
                    aria-label={`${t('admin.people.reset_password')}: ${user.email}`}
                  >
                    {t('admin.people.reset_password')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setConfirm({ kind: 'sessions', user })}
                    aria-label={`${t('admin.people.end_sessions')}: ${user.email}`}
                  >
                    {t('admin.people.end_sessions')}
                  </Button>
                </Stack>
              ),
            },
          ]}
        />
      </ConsolePanel>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'disable'
            ? t('admin.people.disable_title', { email: confirm.user.email })
            : t('admin.people.end_sessions_title', { email: confirm?.user.email ?? '' })
        }
        text={
          confirm?.kind === 'disable' ? t('admin.people.disable_text') : t('admin.people.end_sessions_text')
        }
        confirmLabel={
          confirm?.kind === 'disable' ? t('admin.people.disable') : t('admin.people.end_sessions')
        }
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === 'disable') update.mutate({ user: confirm.user, change: { disabled: true } });
          else endSessions.mutate(confirm.user);
        }}
        onClose={() => setConfirm(null)}
      />
      {passwordFor && (
        <PasswordDialog
          user={passwordFor}
          onClose={() => setPasswordFor(null)}
          onDone={() => done(t('admin.people.password_set', { email: passwordFor.email }))}
        />
      )}
    </Stack>
  );
}

function InviteForm({ onCreated }: { onCreated: (user: CreatedUser) => void }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('user');
  const [password, setPassword] = useState('');
  const [language, setLanguage] = useState(i18n.language);
  const create = useMutation({
    mutationFn: () =>
      adminFetch<CreatedUser>(apiPaths.admin.users, {
        method: 'POST',
        body: { email, role, language, ...(password ? { password } : {}) },
      }),
    onSuccess: (user) => {
      setEmail('');
      setPassword('');
      onCreated(user);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const emailIssue = issueOf(create.error, 'email');
  const passwordIssue = issueOf(create.error, 'password');
  return (
    <ConsolePanel
      id="invite-title"
      title={t('admin.people.invite')}
      hint={t('admin.people.invite_help')}
      onSubmit={submit}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label={t('admin.people.email')}
          type="email"
          required
          size="small"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!emailIssue}
          helperText={emailIssue}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <TextField
          select
          size="small"
          label={t('admin.people.role')}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="user">{t('admin.people.role_user')}</MenuItem>
          <MenuItem value="admin">{t('admin.people.role_admin')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('admin.people.email_language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          sx={{ minWidth: 150 }}
        >
          {locales.map((locale) => (
            <MenuItem key={locale.code} value={locale.code} lang={locale.code} dir={locale.dir}>
              {locale.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('admin.people.password_optional')}
          type="password"
          size="small"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!passwordIssue}
          helperText={passwordIssue}
        />
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('admin.people.create')}
        </Button>
      </Stack>
      {create.isError && !emailIssue && !passwordIssue && <ErrorAlert error={create.error} sx={{ mt: 2 }} />}
    </ConsolePanel>
  );
}

function PasswordDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () =>
      adminFetch<void>(apiPaths.admin.userPassword(user.id), { method: 'POST', body: { password } }),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  const issue = issueOf(reset.error, 'password');
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={id}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            reset.mutate();
          },
        },
      }}
    >
      <DialogTitle id={id}>
        {t('admin.people.reset_password')}: <span dir="ltr">{user.email}</span>
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          required
          type="password"
          autoComplete="new-password"
          label={t('admin.people.new_password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!issue}
          helperText={issue}
          sx={{ mt: 1 }}
        />
        {reset.isError && !issue && <ErrorAlert error={reset.error} sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" variant="contained" loading={reset.isPending}>
          {t('admin.document.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
