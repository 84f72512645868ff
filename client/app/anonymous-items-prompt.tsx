// Asks the person who just signed in about the items this device stored while nobody was signed
// in: on a shared device they may be someone else's, so they join the account (and its backup)
// only when the person says so. Unanswered (closed with Escape, or the page reloaded), it asks again
// at the next page load, as long as those items are still there.
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KvItem } from '#shared/kv/kv-item';
import type { JsonValue } from '#shared/kv/kv-value';
import { StackedDialogActions } from '../components/stacked-dialog-actions';
import { valueText } from '../features/storage/value-text';
import { kvStore, kvSync } from '../kv/app-kv';
import type { AnonymousAnswer } from '../kv/kv-sync';
import { useAnonymousItems, useKvSyncState } from '../kv/use-kv';

/** Enough of a value to recognise it: a value may take 64 KiB. */
const PREVIEW_CHARACTERS = 80;

function preview(value: JsonValue): string {
  const characters = Array.from(valueText(value));
  const shown = characters.slice(0, PREVIEW_CHARACTERS).join('');
  return characters.length > PREVIEW_CHARACTERS ? `${shown}…` : shown;
}

export function AnonymousItemsPrompt() {
  const signedIn = useKvSyncState((s) => s.signedIn);
  const items = useAnonymousItems();
  const [postponedFor, setPostponedFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The list as last shown, so the dialog does not empty while it fades out after an answer.
  const shown = useRef(items);
  if (items.length > 0) shown.current = items;
  const open = signedIn && items.length > 0 && postponedFor !== kvStore.owner();

  async function answer(choice: AnonymousAnswer) {
    setBusy(true);
    setFailed(false);
    try {
      await kvSync.answerAnonymous(choice);
    } catch (error) {
      console.error('[kv] could not apply the answer about the items stored before sign-in', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (busy) return;
        setFailed(false);
        setPostponedFor(kvStore.owner());
      }}
      scroll="paper"
      fullWidth
      maxWidth="sm"
      aria-labelledby="anonymous-items-title"
      aria-describedby="anonymous-items-text"
    >
      <Choices items={shown.current} failed={failed} busy={busy} answer={(choice) => void answer(choice)} />
    </Dialog>
  );
}

/**
 * What the dialog says and offers, drawn only while it is open: its texts format the count, and a
 * first number formatter costs a phone a long task on every page the closed dialog sits on.
 */
function Choices({
  items,
  failed,
  busy,
  answer,
}: {
  items: KvItem[];
  failed: boolean;
  busy: boolean;
  answer: (choice: AnonymousAnswer) => void;
}) {
  const { t } = useTranslation();
  const count = items.length;
  return (
    <>
      <DialogTitle id="anonymous-items-title">{t('storage.anonymous.title', { count })}</DialogTitle>
      {/* Focusable, so a keyboard can scroll a long list. */}
      <DialogContent dividers tabIndex={0}>
        <DialogContentText id="anonymous-items-text">
          {t('storage.anonymous.text', { count })}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {t('storage.anonymous.choices', { count })}
        </DialogContentText>
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('storage.anonymous.failed')}
          </Alert>
        )}
        <List dense aria-labelledby="anonymous-items-title" sx={{ mt: 1 }}>
          {items.map((item, index) => (
            <ListItem key={item.key} data-key={item.key} disableGutters divider={index < count - 1}>
              <ListItemText
                primary={<bdi>{item.key}</bdi>}
                secondary={<bdi>{preview(item.value)}</bdi>}
                slotProps={{
                  primary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } },
                  secondary: { sx: { overflowWrap: 'anywhere' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      {/* Stacked on phones; wider, the destructive action stands apart from the other two. */}
      <StackedDialogActions>
        <Button color="error" disabled={busy} onClick={() => answer('discard')} sx={{ mr: { sm: 'auto' } }}>
          {t('storage.anonymous.discard')}
        </Button>
        <Button disabled={busy} onClick={() => answer('leave')}>
          {t('storage.anonymous.leave')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => answer('adopt')}>
          {t('storage.anonymous.adopt')}
        </Button>
      </StackedDialogActions>
    </>
  );
}
