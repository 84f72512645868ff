// Fixed-window rate limiting over the rate_limits table, so every server process sharing one
// database counts together. One limiter per rule (e.g. "client-logs", "sign-in"); keys are per caller.
// A rule may also back off: past a few units in a window, each next one must wait twice as long
// as the one before. A key refused is refused from memory until it may go on, so a flood costs no query.
import { and, like, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Counter } from 'prom-client';
import type { Db } from './db/client';
import { rateLimits } from './db/schema/rate-limits';
import { apiError } from './http-error';

export interface RateLimitRule {
  /** Prefix of the stored keys; unique per rule. */
  name: string;
  /** Units (requests, entries, attempts…) allowed per window. */
  limit: number;
  windowMs: number;
  /**
   * Once `after` units are counted in a window, the next waits 1 s after the last, then 2 s, 4 s…
   * up to `maxDelayMs`. A unit refused for coming too soon is not counted.
   */
  backoff?: { after: number; maxDelayMs: number };
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Units used in the current window, including this call. */
  used: number;
  limit: number;
  /** Seconds until the window resets (for the Retry-After header). */
  retryAfterSeconds: number;
}

/** Expired windows are deleted every this many calls, so the table does not grow without bound. */
const PRUNE_EVERY = 500;
/** Refused keys remembered at most; past this the oldest are forgotten (and asked about again). */
const REMEMBERED_REFUSALS = 100_000;

export interface RateLimiterOptions {
  now?: () => number;
  /** Counts each refusal under the rule's name (server/metrics/server-metrics.ts). */
  refusals?: Counter<'limit'>;
}

export class RateLimiter {
  private calls = 0;
  /** Key → end of the window in which it was refused. */
  private readonly refusedUntil = new Map<string, number>();
  private readonly now: () => number;
  private readonly refusals: Counter<'limit'> | undefined;

  constructor(
    private readonly db: Db,
    readonly rule: RateLimitRule,
    options: RateLimiterOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.refusals = options.refusals;
    if (!Number.isInteger(rule.limit) || rule.limit < 1)
      throw new Error('rate limit must be a positive integer');
    if (rule.windowMs < 1000) throw new Error('rate limit window must be at least one second');
  }

  /** Counts `cost` units for `key` in the current window and says whether they fit in the limit. */
  async consume(key: string, cost = 1): Promise<RateLimitDecision> {
    const nowMs = this.now();
    const windowStartMs = Math.floor(nowMs / this.rule.windowMs) * this.rule.windowMs;
    const windowStart = new Date(windowStartMs);
    const windowEndMs = windowStartMs + this.rule.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEndMs - nowMs) / 1000));
    // Counts only grow within a window, so a key refused over the limit stays refused until it
    // ends, and one refused for coming too soon until its wait is over.
    const refusedUntil = this.refusedUntil.get(key);
    if (refusedUntil !== undefined && (refusedUntil <= nowMs || cost <= 0)) this.refusedUntil.delete(key);
    else if (refusedUntil !== undefined) {
      this.refusals?.inc({ limit: this.rule.name });
      const waitSeconds = Math.max(1, Math.ceil((refusedUntil - nowMs) / 1000));
      return {
        allowed: false,
        used: this.rule.limit + cost,
        limit: this.rule.limit,
        retryAfterSeconds: waitSeconds,
      };
    }
    // One atomic upsert: a row from an older window restarts at `cost`. `greatest` keeps a process
    // whose clock lags slightly from resetting a newer window.
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: this.storedKey(key), windowStart, count: cost, lastAt: new Date(nowMs) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} >= excluded.window_start
            then ${rateLimits.count} + excluded.count else excluded.count end`,
          windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
          lastAt: sql`excluded.last_at`,
        },
        ...(this.rule.backoff && cost > 0 && { setWhere: this.dueCondition(this.rule.backoff) }),
      })
      .returning({ count: rateLimits.count });
    if (++this.calls % PRUNE_EVERY === 0) await this.prune(windowStart);
    if (!row) return this.refuseUntilDue(key, nowMs);
    const used = row.count;
    const allowed = used <= this.rule.limit;
    if (!allowed) {
      this.rememberRefusal(key, windowEndMs);
      this.refusals?.inc({ limit: this.rule.name });
    }
    return { allowed, used, limit: this.rule.limit, retryAfterSeconds };
  }

  /** When the stored row's next unit may come: its last one plus the wait its count has earned. */
  private dueAt({ after, maxDelayMs }: NonNullable<RateLimitRule['backoff']>) {
    return sql`${rateLimits.lastAt} + least(${maxDelayMs}, 1000 * power(2, ${rateLimits.count} - ${after}))
      * interval '1 millisecond'`;
  }

  /** Whether the stored row lets a new unit in: another window, under `after`, or waited long enough. */
  private dueCondition(backoff: NonNullable<RateLimitRule['backoff']>) {
    return sql`${rateLimits.windowStart} < excluded.window_start
      or ${rateLimits.count} < ${backoff.after}
      or ${rateLimits.lastAt} is null
      or ${this.dueAt(backoff)} <= excluded.last_at`;
  }

  /** The upsert found `key` waiting out its backoff: refuse it until the wait ends. */
  private async refuseUntilDue(key: string, nowMs: number): Promise<RateLimitDecision> {
    const [row] = await this.db
      .select({
        count: rateLimits.count,
        due: sql`${this.dueAt(this.rule.backoff!)}`.mapWith(rateLimits.lastAt),
      })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${this.storedKey(key)}`);
    const dueMs = row?.due?.getTime() ?? nowMs;
    this.rememberRefusal(key, dueMs);
    this.refusals?.inc({ limit: this.rule.name });
    return {
      allowed: false,
      used: row?.count ?? 0,
      limit: this.rule.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((dueMs - nowMs) / 1000)),
    };
  }

  /** Forgets the count of `key`, e.g. after a successful sign-in. */
  async reset(key: string): Promise<void> {
    this.refusedUntil.delete(key);
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${this.storedKey(key)}`);
  }

  private rememberRefusal(key: string, untilMs: number) {
    if (this.refusedUntil.size >= REMEMBERED_REFUSALS) {
      const nowMs = this.now();
      for (const [known, until] of this.refusedUntil) if (until <= nowMs) this.refusedUntil.delete(known);
      if (this.refusedUntil.size >= REMEMBERED_REFUSALS)
        this.refusedUntil.delete(this.refusedUntil.keys().next().value!);
    }
    this.refusedUntil.set(key, untilMs);
  }

  private storedKey(key: string): string {
    return `${this.rule.name}:${key}`;
  }

  private async prune(currentWindowStart: Date): Promise<void> {
    const prefix = `${this.rule.name.replace(/[\\%_]/g, '\\$&')}:%`;
    await this.db
      .delete(rateLimits)
      .where(and(like(rateLimits.key, prefix), lt(rateLimits.windowStart, currentWindowStart)));
  }
}

/** Answers 429 with Retry-After in the house error shape. */
export function tooManyRequests(c: Context, decision: RateLimitDecision) {
  c.header('Retry-After', String(decision.retryAfterSeconds));
  return apiError(c, 429, 'rate_limited', `Too many requests; try again in ${decision.retryAfterSeconds} s.`);
}

/** Middleware counting one unit per request under the key `keyOf` returns. */
export function rateLimit(
  limiter: RateLimiter,
  keyOf: (c: Context) => string | Promise<string>,
): MiddlewareHandler {
  return async (c, next) => {
    const decision = await limiter.consume(await keyOf(c));
    if (!decision.allowed) return tooManyRequests(c, decision);
    await next();
  };
}
