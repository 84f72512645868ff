import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies defaults and treats empty strings as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './.data',
      NODE_ENV: 'development',
      SEED_DEMO_DATA: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every invalid field', () => {
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL:/);
      expect(message).toMatch(/SEED_DEMO_DATA:/);
    }
  });
});
