// `indexUpdated`: index rebuilds heard from the search core (index-events.ts). Anonymous callers
// hear only unprotected sources, as POST /api/index answers them only those checksums.
import type { IndexBuiltEvent } from '#server/search/index-service';
import type { SubscriptionResolvers } from '../generated/resolver-types';
import { dataSourceModel, readableSource } from '../guards';

export const subscriptionResolvers: SubscriptionResolvers = {
  indexUpdated: {
    subscribe: (_, { dataSource }, ctx) => {
      if (dataSource != null) readableSource(ctx, dataSource);
      return ctx.indexEvents.subscribe((event) => {
        if (dataSource != null) return event.source === dataSource;
        const source = dataSourceModel(ctx, event.source);
        return source !== null && (ctx.user !== null || !source.config.protected);
      });
    },
    resolve: (event: IndexBuiltEvent) => ({ dataSource: event.source, crc32c: event.crc32c }),
  },
};
