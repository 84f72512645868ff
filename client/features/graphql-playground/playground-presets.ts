// The ready-made operations of /testGraphql, from the generated documents (playground.graphql and
// the lookups query); the editor takes any other text too.
import {
  LookupsDocument,
  PlaygroundDataSourcesDocument,
  PlaygroundItemDocument,
  PlaygroundMeDocument,
} from '#client/graphql/generated/operations';

export interface PlaygroundPreset {
  id: 'lookups' | 'me' | 'data_sources' | 'item';
  query: string;
  variables: Record<string, unknown>;
}

const text = (document: { toString(): string }) => document.toString().trim();

export const playgroundPresets: PlaygroundPreset[] = [
  { id: 'lookups', query: text(LookupsDocument), variables: {} },
  { id: 'me', query: text(PlaygroundMeDocument), variables: {} },
  { id: 'data_sources', query: text(PlaygroundDataSourcesDocument), variables: {} },
  { id: 'item', query: text(PlaygroundItemDocument), variables: { dataSource: 'countries', key: 'FRA' } },
];

export type OperationKind = 'query' | 'mutation' | 'subscription';

/** The kind of the document's first operation (`{ … }` alone is a query); null when there is none. */
export function operationKind(query: string): OperationKind | null {
  const code = query.replace(/#[^\n]*/g, '').trim();
  if (code.startsWith('{')) return 'query';
  const keyword = /^(query|mutation|subscription)\b/.exec(code)?.[1];
  return (keyword as OperationKind | undefined) ?? null;
}

/** The variables text as an object, or null when it is not a JSON object. */
export function parseVariables(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
