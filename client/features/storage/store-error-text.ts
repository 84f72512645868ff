// The message for a value the store refused, in the interface language.
import type { TFunction } from 'i18next';
import { kvLimits } from '#shared/kv/kv-item';
import { KvError, type KvErrorCode } from '#shared/kv/kv-transitions';

const messages: Record<KvErrorCode, string> = {
  invalid_key: 'storage.errors.invalid_key',
  invalid_value: 'storage.errors.invalid_value',
  too_large: 'storage.errors.too_large',
  invalid_expiry: 'storage.errors.invalid_expiry',
};

export function storeErrorText(t: TFunction, error: unknown): string {
  if (error instanceof KvError) {
    return t(messages[error.code], {
      max: error.code === 'too_large' ? kvLimits.valueBytes : kvLimits.keyLength,
    });
  }
  if (error instanceof SyntaxError) return t('storage.errors.not_json');
  return t('storage.errors.not_saved');
}
