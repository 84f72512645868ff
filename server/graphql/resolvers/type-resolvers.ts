// Field resolvers of the object types that answer from configuration, rows and the index
// artifacts' summaries kept in memory (codegen mappers).
import { searchableCount } from '#server/search/artifact-store';
import type { DataSourceResolvers, IndexStatusResolvers, ItemResolvers } from '../generated/resolver-types';
import { requireUser } from '../guards';

export const dataSourceResolvers: DataSourceResolvers = {
  name: ({ name }) => name,
  dataType: ({ config }) => config.dataType,
  algorithm: ({ config }) => config.algorithm,
  protected: ({ config }) => config.protected,
  keyProperty: ({ config }) => config.keyProperty,
  titleProperty: ({ config }) => config.titleProperty,
  descriptionProperties: ({ config }) => config.descriptionProperties,
  searchProperties: ({ config }) =>
    Object.entries(config.searchProperties).map(([property, type]) => ({ property, type })),
  indexedProperties: ({ config }) =>
    Object.entries(config.indexedProperties).map(([property, type]) => ({ property, type })),
  boostProperties: ({ config }) =>
    Object.entries(config.boostProperties).map(([property, factor]) => ({ property, factor })),
  filters: ({ config }) => Object.entries(config.filters).map(([key, property]) => ({ key, property })),
  lookups: ({ config }) =>
    Object.entries(config.lookups).map(([property, namespace]) => ({ property, namespace })),
  rank: ({ config }) => config.rank ?? null,
  sortOptions: ({ config }) => config.sortOptions,
  index: async ({ name, config }, _, ctx) => {
    // Like POST /api/index: a protected source's checksum is for signed-in callers only.
    if (config.protected) requireUser(ctx, `the "${name}" index`);
    return (await ctx.artifacts.summaries()).get(name) ?? null;
  },
};

export const indexStatusResolvers: IndexStatusResolvers = {
  // As POST /api/index counts them.
  documentCount: searchableCount,
};

export const itemResolvers: ItemResolvers = {
  dataSource: ({ source }) => source.name,
  dataType: ({ source }) => source.config.dataType,
  title: ({ source, document, key }) => {
    const title = document[source.config.titleProperty];
    return typeof title === 'string' ? title : key;
  },
};
