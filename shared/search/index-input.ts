// Turns a source's records into what engines index: the spec derived from the source config, and
// documents carrying their key as `id` and their rank, best rank first.
import type { DataSourceConfig } from '../app-config';
import type { IndexDocument, IndexSpec } from './search-types';

export function indexSpec(
  source: Pick<DataSourceConfig, 'searchProperties' | 'indexedProperties'>,
): IndexSpec {
  return { searchProperties: source.searchProperties, indexedProperties: source.indexedProperties };
}

/** The rank of a record per the source's `rank` setting (0 without one, or without a usable value). */
export function rankOf(source: Pick<DataSourceConfig, 'rank'>, record: Record<string, unknown>): number {
  if (!source.rank) return 0;
  const value = Number(record[source.rank.property]);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return source.rank.scale === 'log10' ? Math.round(Math.log10(1 + value) * 1000) / 1000 : value;
}

export function toIndexDocument(key: string, record: Record<string, unknown>, rank: number): IndexDocument {
  return { ...record, id: key, rank };
}

/** Best rank first, then by key, so that builds are deterministic and unranked searches list the best first. */
export function byRankDescending(a: IndexDocument, b: IndexDocument): number {
  return b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Index documents from raw records (the worker's addIndex): key and rank per the source config. */
export function recordsToIndexDocuments(
  source: Pick<DataSourceConfig, 'keyProperty' | 'rank'>,
  records: Record<string, unknown>[],
): IndexDocument[] {
  return records
    .map((record) => toIndexDocument(String(record[source.keyProperty]), record, rankOf(source, record)))
    .sort(byRankDescending);
}
