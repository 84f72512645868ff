import { describe, expect, it } from 'vitest';
import { requestSessionToken } from './auth-cookies';

const NAME = 'authjs.session-token';
const withCookie = (cookie?: string) =>
  new Request('http://sift.test/', cookie === undefined ? {} : { headers: { Cookie: cookie } });

describe('requestSessionToken', () => {
  it('reads the session cookie among others, decoded', () => {
    const request = withCookie(`authjs.csrf-token=abc; ${NAME}=one%2Etwo; sift.bearer=xyz`);
    expect(requestSessionToken(request, NAME)).toBe('one.two');
  });

  it("joins Auth.js's chunks in their numeric order", () => {
    const chunks = Array.from({ length: 11 }, (_, i) => `${NAME}.${i}=c${i}`).reverse();
    expect(requestSessionToken(withCookie(`other=1; ${chunks.join('; ')}`), NAME)).toBe(
      Array.from({ length: 11 }, (_, i) => `c${i}`).join(''),
    );
  });

  it('finds none when absent, empty or only named alike', () => {
    expect(requestSessionToken(withCookie(), NAME)).toBeUndefined();
    expect(requestSessionToken(withCookie(`${NAME}=`), NAME)).toBeUndefined();
    expect(requestSessionToken(withCookie(`x${NAME}=a; ${NAME}.x=b`), NAME)).toBeUndefined();
  });
});
