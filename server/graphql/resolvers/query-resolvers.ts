// Reads: the caller, lookups, the data-source configuration and documents (spec §3, §6, §7).

import { countDocuments } from '#server/search/document-store';
import { documentPage, findDocument } from '../document-queries';
import type { QueryResolvers } from '../generated/resolver-types';
import { dataSourceModel, readableLookups, readableSource } from '../guards';
import { checkPageSize, decodeCursor, encodeCursor } from '../pagination';

export const queryResolvers: QueryResolvers = {
  me: (_, __, ctx) =>
    ctx.user && { id: ctx.user.id, email: ctx.user.email, name: ctx.user.name, role: ctx.user.role },

  lookups: async (_, __, ctx) => readableLookups(ctx, await ctx.lookups.list()),

  dataSources: (_, __, ctx) =>
    Object.entries(ctx.config.gapSearch.dataSources).map(([name, config]) => ({ name, config })),

  dataSource: (_, { name }, ctx) => dataSourceModel(ctx, name),

  item: async (_, { dataSource, key }, ctx) => {
    const source = readableSource(ctx, dataSource);
    const row = await findDocument(ctx.database.db, source.name, key);
    return row && { source, ...row };
  },

  items: async (_, { dataSource, first, after }, ctx) => {
    const source = readableSource(ctx, dataSource);
    const limit = checkPageSize(first);
    const afterKey = after == null ? null : decodeCursor(after);
    const { db } = ctx.database;
    // One row beyond the page says whether another page follows.
    const [rows, totalCount] = await Promise.all([
      documentPage(db, source.name, limit + 1, afterKey),
      countDocuments(db, source.name),
    ]);
    const nodes = rows.slice(0, limit).map((row) => ({ source, ...row }));
    const last = nodes.at(-1);
    return {
      nodes,
      totalCount,
      pageInfo: { endCursor: last ? encodeCursor(last.key) : null, hasNextPage: rows.length > limit },
    };
  },
};
