// What the resolvers of a few object types receive as their parent (codegen `mappers`), so the
// field resolvers can answer from configuration and rows without reshaping them first.
import type { DataSourceConfig } from '#shared/app-config';
import type { SourceArtifacts } from '../search/artifact-store';

export interface DataSourceModel {
  name: string;
  config: DataSourceConfig;
}

export interface ItemModel {
  source: DataSourceModel;
  key: string;
  document: Record<string, unknown>;
  rank: number;
  updatedAt: Date;
}

export type IndexStatusModel = SourceArtifacts;
