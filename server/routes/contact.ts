// POST /api/contact: stores a message from the /contact form. Same-origin JSON only (the CSRF
// defence, see docs/contact.md), size-capped, and limited per client.
import { Hono } from 'hono';
import { ContactMessageSchema, type ContactReceipt, contactLimits } from '#shared/contact-message';
import type { SessionReader } from '../auth/session-user';
import { clientAddress } from '../client-address';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema/contact-messages';
import type { Env } from '../env';
import { jsonBody } from '../json-body';
import type { Logger } from '../logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import { sameOriginJson } from '../middleware/same-origin-json';
import { RateLimiter, tooManyRequests } from '../rate-limit';

/** Stored messages per client per ten minutes. */
export const CONTACT_RATE = { name: 'contact', limit: 5, windowMs: 10 * 60_000 };

export interface ContactDeps {
  database: Database;
  logger: Logger;
  sessions: SessionReader;
  env: Env;
  trustProxyHops: number;
  metrics: ServerMetrics;
}

export function contactRoutes(deps: ContactDeps) {
  const limiter = new RateLimiter(deps.database.db, CONTACT_RATE, {
    refusals: deps.metrics.rateLimitRefusals,
  });
  return new Hono().post(
    '/api/contact',
    sameOriginJson(deps.env),
    jsonBody(ContactMessageSchema, { maxBytes: contactLimits.requestBytes, what: 'A message' }),
    async (c) => {
      const message = c.req.valid('json');
      // Counted only once valid, so someone fixing a typo is not locked out.
      const decision = await limiter.consume(clientAddress(c, deps.trustProxyHops));
      if (!decision.allowed) return tooManyRequests(c, decision);

      const user = await deps.sessions.getUser(c.req.raw);
      const [row] = await deps.database.db
        .insert(contactMessages)
        .values({ ...message, locale: message.locale ?? null, userId: user?.id ?? null })
        .returning({ id: contactMessages.id, receivedAt: contactMessages.receivedAt });
      const receipt: ContactReceipt = { id: row!.id, receivedAt: row!.receivedAt.toISOString() };
      deps.logger.info({ contactMessageId: receipt.id }, 'contact message stored');
      return c.json(receipt, 201);
    },
  );
}
