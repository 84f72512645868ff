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
      SEARCH_HEAD_FROM: 250_000,
      SEARCH_HEAD_DOCUMENTS: 25_000,
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

  it('takes head segment sizes as whole numbers of documents', () => {
    expect(parseEnv({ SEARCH_HEAD_FROM: '100000', SEARCH_HEAD_DOCUMENTS: '5000' })).toMatchObject({
      SEARCH_HEAD_FROM: 100_000,
      SEARCH_HEAD_DOCUMENTS: 5000,
    });
    expect(() => parseEnv({ SEARCH_HEAD_FROM: 'many' })).toThrow(/SEARCH_HEAD_FROM:/);
    expect(() => parseEnv({ SEARCH_HEAD_DOCUMENTS: '0' })).toThrow(/SEARCH_HEAD_DOCUMENTS:/);
  });

  it('takes a metrics token of 16 characters or more', () => {
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(16) }).METRICS_TOKEN).toBe('x'.repeat(16));
    expect(() => parseEnv({ METRICS_TOKEN: 'x'.repeat(15) })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });

  it('derives the public URL from HOST and PORT unless PUBLIC_URL is set', () => {
    expect(parseEnv({})).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', PUBLIC_URL_CONFIGURED: false });
    expect(parseEnv({ HOST: '127.0.0.1', PORT: '8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(parseEnv({ HOST: '::', PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3000');
    expect(parseEnv({ PUBLIC_URL: 'https://sift.example', PORT: '8080' })).toMatchObject({
      PUBLIC_URL: 'https://sift.example',
      PUBLIC_URL_CONFIGURED: true,
    });
  });
});
