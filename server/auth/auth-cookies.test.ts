import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './auth-cookies';

const NAME = 'authjs.session-token';

describe('sessionTokenOf', () => {
  it('reads the session cookie among others, decoded', () => {
    expect(sessionTokenOf(`authjs.csrf-token=abc; ${NAME}=one%2Etwo; sift.bearer=xyz`, NAME)).toBe('one.two');
  });

  it("joins Auth.js's chunks in their numeric order", () => {
    const chunks = Array.from({ length: 11 }, (_, i) => `${NAME}.${i}=c${i}`).reverse();
    expect(sessionTokenOf(`other=1; ${chunks.join('; ')}`, NAME)).toBe(
      Array.from({ length: 11 }, (_, i) => `c${i}`).join(''),
    );
  });

  it('finds none when absent, empty or only named alike', () => {
    expect(sessionTokenOf('', NAME)).toBeUndefined();
    expect(sessionTokenOf(`${NAME}=`, NAME)).toBeUndefined();
    expect(sessionTokenOf(`x${NAME}=a; ${NAME}.x=b`, NAME)).toBeUndefined();
  });
});
