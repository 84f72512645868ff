// Vite plugin: the entry's own import() calls are the staged start-up (client/main.tsx, ADR 011),
// not code loaded on demand, so index.html preloads them: fetched and compiled while the page
// parses, and evaluated only when main.tsx imports each in turn.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The chunks the entry imports dynamically, with everything they import statically. */
export function startChunks(entry: OutputChunk, bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    chunk.imports.forEach(visit);
  };
  entry.dynamicImports.forEach(visit);
  // The entry's own script tag loads it (the shell imports its preload helper), and Vite already
  // preloads its static imports.
  for (const file of [entry.fileName, ...entry.imports]) files.delete(file);
  return [...files];
}

export function startChunksPlugin(): Plugin {
  return {
    name: 'sift-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        return startChunks(chunk, bundle).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
