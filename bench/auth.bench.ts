// Sign-in costs: scrypt hashing, whether a wrong password and an unknown account take the same
// time (no account enumeration), a full password sign-in through the app, and reading a session
// from its cookie or bearer token (done on every protected request), answered from the session
// store's memory and, uncached, from the database.
import { hashPassword, verifyPassword } from '../server/auth/password';
import { createSessionReader } from '../server/auth/session-reader';
import { createSessionStore, SESSION_CACHE_TTL_MS } from '../server/auth/session-store';
import { openDatabase } from '../server/db/client';
import {
  attemptSignIn,
  createAuthTestApp,
  createTestUser,
  signInTestUser,
  TEST_AUTH_SECRET,
} from '../tests/support/auth';
import { testEnv } from '../tests/support/test-app';
import { latencyStats, measure } from './stats';

const database = await openDatabase({ memory: true });
const app = createAuthTestApp(database, { TRUST_PROXY_HOPS: '1' });
const { email, password, user } = await createTestUser(database);
const stored = user.passwordHash!;

const SAMPLES = 12;
let address = 0;
/** A full refused sign-in (CSRF token included) from a fresh client address each time. */
async function refusedSignIn(account: string) {
  address += 1;
  const { response } = await attemptSignIn(app, account, 'wrong password', {
    'X-Forwarded-For': `10.1.0.${address}`,
  });
  if (!(await response.text()).includes('CredentialsSignin')) throw new Error('expected a refusal');
}
// One known account per sample keeps the per-account limit out of the numbers.
const known = await Promise.all(Array.from({ length: SAMPLES + 1 }, () => createTestUser(database)));

const signedIn = await signInTestUser(app, email, password);
const reader = createSessionReader(
  createSessionStore(database, testEnv().AUTH_SESSION_MAX_AGE),
  testEnv(),
  TEST_AUTH_SECRET,
);
// A clock that moves past the cache's lifetime on every call: each read asks the database.
let clock = Date.now();
const uncachedReader = createSessionReader(
  createSessionStore(database, testEnv().AUTH_SESSION_MAX_AGE, () => (clock += SESSION_CACHE_TTL_MS)),
  testEnv(),
  TEST_AUTH_SECRET,
);
const cookieRequest = new Request('http://localhost/graphql', { headers: signedIn.headers });
const bearerRequest = new Request('http://localhost/graphql', { headers: signedIn.bearerHeaders });

/** Wrong password and unknown account, alternated so machine noise hits both alike. */
async function enumerationTiming() {
  const wrong: number[] = [];
  const unknown: number[] = [];
  await refusedSignIn(known[SAMPLES]!.email);
  for (let i = 0; i < SAMPLES; i += 1) {
    let start = performance.now();
    await refusedSignIn(known[i]!.email);
    wrong.push(performance.now() - start);
    start = performance.now();
    await refusedSignIn(`nobody-${i}@example.test`);
    unknown.push(performance.now() - start);
  }
  return { signInWrongPassword: latencyStats(wrong), signInUnknownAccount: latencyStats(unknown) };
}

const results = {
  hashPassword: await measure(() => hashPassword('correct horse battery'), 20, 2),
  verifyRightPassword: await measure(() => verifyPassword(password, stored), 20, 2),
  verifyWrongPassword: await measure(() => verifyPassword('wrong password', stored), 20, 2),
  verifyUnknownAccount: await measure(() => verifyPassword('wrong password', null), 20, 2),
  ...(await enumerationTiming()),
  signInFull: await measure(async () => void (await signInTestUser(app, email, password)), 10, 1),
  readSessionCookie: await measure(() => reader.getUser(cookieRequest), 500),
  readBearerToken: await measure(() => reader.getUser(bearerRequest), 500),
  readBearerTokenUncached: await measure(() => uncachedReader.getUser(bearerRequest), 500),
};
await database.close();
console.info(JSON.stringify({ bench: 'auth', results }));
