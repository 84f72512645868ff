// `npm run codegen`: writes the generated GraphQL types (scripts/graphql-codegen.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateGraphqlFiles } from './graphql-codegen';

for (const file of await generateGraphqlFiles()) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.content);
  console.info(`wrote ${file.path}`);
}
