// A stored value as the demo pages show it: strings as they are, anything else as JSON.
import type { JsonValue } from '#shared/kv/kv-value';

export function valueText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
