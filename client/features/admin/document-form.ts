// The edit form of a document, generated from its source's configuration: one field per search or
// indexed property (text, or a list of values one per line), the rest of the document as JSON so
// nothing is lost; and the server's refusal reasons put back on the fields they name.
import type { DataSourceConfig } from '#shared/app-config';
import type { ApiIssue } from './admin-fetch';

export interface FormField {
  property: string;
  list: boolean;
}

export interface DocumentFormValues {
  fields: Record<string, string>;
  /** The document's other properties, as JSON text. */
  other: string;
}

/** The key and title first, then the configured properties in configuration order. */
export function formFields(source: DataSourceConfig): FormField[] {
  const types: Record<string, string> = {
    [source.titleProperty]: 'text',
    ...source.searchProperties,
    ...source.indexedProperties,
  };
  return Object.entries(types)
    .filter(([property]) => property !== source.keyProperty)
    .map(([property, type]) => ({ property, list: type.endsWith('[]') }));
}

export function formValues(source: DataSourceConfig, document: Record<string, unknown>): DocumentFormValues {
  const fields: Record<string, string> = {};
  const other: Record<string, unknown> = { ...document };
  delete other[source.keyProperty];
  for (const { property, list } of formFields(source)) {
    const value = document[property];
    if (list && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      fields[property] = value.join('\n');
      delete other[property];
    } else if (!list && typeof value === 'string') {
      fields[property] = value;
      delete other[property];
    } else {
      // Absent, or of another type: a value stays in the JSON, as it is, for the server to judge.
      fields[property] = '';
    }
  }
  return { fields, other: JSON.stringify(other, null, 2) };
}

/** The document to send, or null when the JSON of the other properties is not an object. */
export function documentOf(
  source: DataSourceConfig,
  key: string,
  original: Record<string, unknown>,
  values: DocumentFormValues,
): Record<string, unknown> | null {
  let other: unknown;
  try {
    other = JSON.parse(values.other || '{}');
  } catch {
    return null;
  }
  if (typeof other !== 'object' || other === null || Array.isArray(other)) return null;
  const document: Record<string, unknown> = {
    ...(other as Record<string, unknown>),
    [source.keyProperty]: key,
  };
  for (const { property, list } of formFields(source)) {
    const text = values.fields[property] ?? '';
    // A field left empty that the document never had stays absent; one the JSON holds is kept.
    if (text === '' && (!(property in original) || property in (other as object))) continue;
    document[property] = list
      ? text
          .split('\n')
          .map((value) => value.trim())
          .filter(Boolean)
      : text;
  }
  return document;
}

/** Each refusal reason under the field the server says it is about (its path), the rest under ''. */
export function issuesByField(issues: ApiIssue[]): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    byField.set(issue.path, [...(byField.get(issue.path) ?? []), issue.message]);
  }
  return byField;
}
