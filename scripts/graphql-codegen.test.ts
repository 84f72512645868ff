// Fails when the committed GraphQL types no longer match server/graphql/schema.graphql and the
// client's operations: run `npm run codegen` and commit the result.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateGraphqlFiles } from './graphql-codegen';

const files = await generateGraphqlFiles();

describe('generated GraphQL types', () => {
  it.each(files.map((file) => [file.path, file.content]))('%s is up to date', (path, content) => {
    expect(readFileSync(path, 'utf8') === content, `${path} is stale: run npm run codegen`).toBe(true);
  });
});
