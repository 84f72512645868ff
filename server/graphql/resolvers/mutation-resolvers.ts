// Admin writes (users.role 'admin'): documents of a source, all or nothing, and lookups. A change
// to a source's documents is announced on the search core's DOCUMENTS_CHANGED_CHANNEL, exactly as
// SearchIndexService.documentsChanged does, so whichever server process holds the build lease
// rebuilds the index and every process then hears `indexUpdated`.
import { z } from 'zod/mini';
import '#shared/zod-locale';
import { writeDocuments } from '#server/search/document-store';
import { DOCUMENTS_CHANGED_CHANNEL } from '#server/search/index-service';
import { validateRecords } from '#server/search/record-validation';
import type { GraphqlContext } from '../context';
import { removeDocuments } from '../document-queries';
import type { MutationResolvers } from '../generated/resolver-types';
import { graphqlError, knownSource, requireAdmin } from '../guards';

export const MAX_DOCUMENTS_PER_CALL = 1000;
export const MAX_LOOKUPS_PER_CALL = 5000;
/** Rejections listed in an error; the count says how many there were in all. */
const SHOWN_REJECTIONS = 50;

const noNul = (text: string) => !text.includes('\u0000');
const LookupsSchema = z
  .array(
    z.object({
      id: z
        .string()
        .check(z.trim(), z.minLength(1), z.maxLength(200), z.refine(noNul, 'may not contain U+0000')),
      values: z
        .array(z.string().check(z.maxLength(1000), z.refine(noNul, 'may not contain U+0000')))
        .check(z.minLength(1), z.maxLength(50)),
    }),
  )
  .check(
    z.minLength(1),
    z.maxLength(MAX_LOOKUPS_PER_CALL),
    z.refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, 'the same id appears twice'),
  );

function checkCount(what: string, count: number, max: number) {
  if (count < 1 || count > max) throw graphqlError('BAD_USER_INPUT', `Give between 1 and ${max} ${what}.`);
}

async function reindex(ctx: GraphqlContext, source: string, changed: boolean): Promise<boolean> {
  if (changed) await ctx.database.notify(DOCUMENTS_CHANGED_CHANNEL, source);
  return changed;
}

export const mutationResolvers: MutationResolvers = {
  upsertDocuments: async (_, { dataSource, documents }, ctx) => {
    requireAdmin(ctx);
    const source = knownSource(ctx, dataSource);
    checkCount('documents', documents.length, MAX_DOCUMENTS_PER_CALL);
    const { valid, rejected } = validateRecords(
      source.config,
      documents.map((record, at) => ({ at, record })),
    );
    if (rejected.length > 0) {
      throw graphqlError(
        'BAD_USER_INPUT',
        `${rejected.length} of the documents cannot be stored; nothing was.`,
        {
          rejectedCount: rejected.length,
          rejections: rejected.slice(0, SHOWN_REJECTIONS).map(({ at, reasons }) => ({ index: at, reasons })),
        },
      );
    }
    const summary = await writeDocuments(ctx.database.db, source.name, valid);
    ctx.logger.info(
      { source: source.name, ...summary, userId: ctx.user?.id },
      'documents upserted through GraphQL',
    );
    return {
      dataSource: source.name,
      ...summary,
      removed: summary.deleted,
      reindexing: await reindex(ctx, source.name, summary.inserted + summary.updated > 0),
    };
  },

  removeDocuments: async (_, { dataSource, keys }, ctx) => {
    requireAdmin(ctx);
    const source = knownSource(ctx, dataSource);
    checkCount('keys', keys.length, MAX_DOCUMENTS_PER_CALL);
    const removed = await removeDocuments(ctx.database.db, source.name, [...new Set(keys)]);
    ctx.logger.info(
      { source: source.name, removed, userId: ctx.user?.id },
      'documents removed through GraphQL',
    );
    return {
      dataSource: source.name,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      removed,
      reindexing: await reindex(ctx, source.name, removed > 0),
    };
  },

  upsertLookups: async (_, args, ctx) => {
    requireAdmin(ctx);
    const parsed = LookupsSchema.safeParse(args.lookups);
    if (!parsed.success) {
      throw graphqlError('BAD_USER_INPUT', 'The lookups are not valid; nothing was stored.', {
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    await ctx.lookups.upsert(parsed.data);
    return { upserted: parsed.data.length, removed: 0 };
  },

  removeLookups: async (_, { ids }, ctx) => {
    requireAdmin(ctx);
    checkCount('ids', ids.length, MAX_LOOKUPS_PER_CALL);
    return { upserted: 0, removed: await ctx.lookups.remove([...new Set(ids)]) };
  },
};
