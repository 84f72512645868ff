import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { startChunks } from './start-chunks-plugin';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as OutputChunk;

describe('startChunks', () => {
  it('are the chunks the entry imports dynamically and their static imports, less what the entry loads itself', () => {
    const entry = chunk('index.js', ['runtime.js'], ['react.js', 'router.js', 'shell.js']);
    const bundle = Object.fromEntries(
      [
        entry,
        chunk('runtime.js'),
        chunk('react.js', ['runtime.js']),
        chunk('router.js', ['react.js', 'runtime.js']),
        chunk('shell.js', ['router.js', 'react.js', 'ui.js', 'index.js'], ['route.js']),
        chunk('ui.js', ['react.js']),
        chunk('route.js', ['shell.js', 'lazy-only.js']),
        chunk('lazy-only.js'),
      ].map((c) => [c.fileName, c]),
    ) as unknown as OutputBundle;
    expect(startChunks(entry, bundle).sort()).toEqual(['react.js', 'router.js', 'shell.js', 'ui.js']);
  });
});
