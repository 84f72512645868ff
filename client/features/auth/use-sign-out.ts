// Signing out from a button: sign out, then go where the server says (by default this page, which
// the route guard turns into the sign-in page when it is protected).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { appPathOf } from './app-path';
import { signOut, signOutEverywhere } from './auth-actions';

export function useSignOut() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  /** `everywhere` also ends the user's sessions on every other device. */
  async function signOutAndLeave({ everywhere = false } = {}) {
    setFailed(false);
    setBusy(true);
    try {
      const { url } = await (everywhere ? signOutEverywhere() : signOut());
      await navigate(appPathOf(url), { replace: true });
    } catch (error) {
      console.warn('Signing out failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return { signOutAndLeave, busy, failed, dismissFailure: () => setFailed(false) };
}
