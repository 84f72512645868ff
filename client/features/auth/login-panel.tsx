// The sign-in page: the providers the server offers (GET providers), an email + password form
// with the form messages of spec §5, the email link, OAuth buttons, and auth errors in words.
import MailOutline from '@mui/icons-material/MailOutline';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '#client/paths';
import type { AuthProvider, AuthProviders } from '#shared/auth';
import { appPathOf } from './app-path';
import { knownProviders, signIn } from './auth-actions';
import { type AuthErrorInfo, authErrorMessage } from './auth-error-message';
import { useAuthSettings } from './auth-settings';
import { type FieldErrors, validateSignInForm } from './credentials-validation';

function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('error');
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}

/** `drawnProviders`: those the server drew the page with, so the form shows from the first paint. */
export function LoginPanel({ drawnProviders }: { drawnProviders?: AuthProviders } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The providers change only when the server restarts: once known, they are not asked again.
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: knownProviders,
    initialData: drawnProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { data: settings } = useAuthSettings();

  // Where to go once signed in; the login page itself would only bounce to the start page.
  const callbackUrl = appPathOf(params.get('callbackUrl'), paths.index());
  const queryError = params.get('error');
  // The server's "check your email" step arrives as ?type=email.
  const linkSent = params.get('type') === 'email';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<AuthErrorInfo | null>(queryError ? { code: queryError } : null);
  /** What is being sent: 'credentials', 'email' or an OAuth provider id. */
  const [busy, setBusy] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const list = Object.values(providers.data ?? {});
  const credentials = list.find((p) => p.type === 'credentials');
  const emailLink = list.find((p) => p.type === 'email');
  const oauth = list.filter((p) => p.type === 'oauth' || p.type === 'oidc');

  function validate(withPassword: boolean): boolean {
    const errors = validateSignInForm(email, password, withPassword);
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function run(kind: string, attempt: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await attempt();
    } catch {
      setError({ code: 'default' });
    } finally {
      setBusy(null);
    }
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!credentials || !validate(true)) return;
    void run('credentials', async () => {
      const result = await signIn(credentials.id, { email: email.trim(), password }, { callbackUrl });
      if (result.ok) {
        await navigate(appPathOf(result.url, callbackUrl), { replace: true });
        return;
      }
      setError({ code: result.error ?? 'default', retryAfterSeconds: result.retryAfterSeconds });
      setPassword('');
      passwordInput.current?.focus();
    });
  }

  function sendLink() {
    if (!emailLink || !validate(false)) return;
    void run('email', async () => {
      const result = await signIn(
        emailLink.id,
        { email: email.trim() },
        { callbackUrl: paths.loginCallback(callbackUrl) },
      );
      if (result.ok) setParams((current) => withParam(current, 'type', 'email'), { replace: true });
      else setError({ code: result.error ?? 'default', retryAfterSeconds: result.retryAfterSeconds });
    });
  }

  function startOauth(provider: AuthProvider) {
    void run(provider.id, async () => {
      const result = await signIn(provider.id, {}, { callbackUrl: paths.loginCallback(callbackUrl) });
      if (!result.ok) setError({ code: result.error ?? 'default' });
    });
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('pages.login.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.75, mb: 3 }}>
          {t('pages.login.description')}
        </Typography>

        {error && (
          <Alert severity={error.code === 'SessionRequired' ? 'info' : 'error'} sx={{ mb: 2 }}>
            {authErrorMessage(t, error)}
          </Alert>
        )}

        {linkSent && !error ? (
          <Alert severity="success" icon={<MailOutline />} role="status">
            <AlertTitle>{t('auth.check_email_title')}</AlertTitle>
            {t('auth.check_email')}
            <Box sx={{ mt: 1.5 }}>
              <Button
                size="small"
                color="inherit"
                variant="outlined"
                onClick={() => setParams((current) => withParam(current, 'type', null), { replace: true })}
              >
                {t('auth.use_another_address')}
              </Button>
            </Box>
          </Alert>
        ) : providers.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('auth.loading_options')} />
          </Box>
        ) : providers.isError ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void providers.refetch()}>
                {t('auth.retry')}
              </Button>
            }
          >
            {t('auth.providers_failed')}
          </Alert>
        ) : (
          <Stack spacing={2.5}>
            {(credentials || emailLink) && (
              <Stack component="form" noValidate spacing={2} onSubmit={submitPassword}>
                <TextField
                  label={t('auth.email')}
                  type="email"
                  autoComplete="username"
                  autoFocus
                  required
                  fullWidth
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={!!fieldErrors.email}
                  helperText={fieldErrors.email ? t(fieldErrors.email) : undefined}
                />
                {credentials && (
                  <TextField
                    label={t('auth.password')}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    required
                    fullWidth
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    inputRef={passwordInput}
                    error={!!fieldErrors.password}
                    helperText={fieldErrors.password ? t(fieldErrors.password) : undefined}
                    slotProps={{
                      input: {
                        endAdornment: (
                          <InputAdornment position="end">
                            <IconButton
                              edge="end"
                              onClick={() => setShowPassword((v) => !v)}
                              aria-label={showPassword ? t('auth.hide_password') : t('auth.show_password')}
                            >
                              {showPassword ? <VisibilityOff /> : <Visibility />}
                            </IconButton>
                          </InputAdornment>
                        ),
                      },
                    }}
                  />
                )}
                {credentials && (
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    fullWidth
                    loading={busy === 'credentials'}
                    disabled={busy !== null}
                  >
                    {t('auth.submit')}
                  </Button>
                )}
                {emailLink && (
                  <Button
                    variant={credentials ? 'text' : 'contained'}
                    startIcon={<MailOutline />}
                    fullWidth
                    onClick={sendLink}
                    loading={busy === 'email'}
                    disabled={busy !== null}
                  >
                    {t(credentials ? 'auth.email_link_instead' : 'auth.email_link')}
                  </Button>
                )}
                {emailLink && settings?.selfRegistration && (
                  <Typography variant="body2" color="text.secondary">
                    {t('auth.self_registration')}
                  </Typography>
                )}
              </Stack>
            )}
            {oauth.length > 0 && (
              <>
                <Divider>{t('auth.or')}</Divider>
                <Stack spacing={1}>
                  {oauth.map((provider) => (
                    <Button
                      key={provider.id}
                      variant="outlined"
                      fullWidth
                      onClick={() => startOauth(provider)}
                      loading={busy === provider.id}
                      disabled={busy !== null}
                    >
                      {t('auth.continue_with', { provider: provider.name })}
                    </Button>
                  ))}
                </Stack>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
