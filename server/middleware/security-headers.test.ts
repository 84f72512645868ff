// The CSP allows the built page's inline boot script by its hash, and no other inline script.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

async function scriptSources(indexHtml: string | null): Promise<string> {
  const staticDir = mkdtempSync(join(tmpdir(), 'sift-csp-'));
  if (indexHtml !== null) writeFileSync(join(staticDir, 'index.html'), indexHtml);
  const app = new Hono();
  app.use('*', securityHeaders({ https: false, staticDir }));
  app.get('*', (c) => c.text('page'));
  const csp = (await app.request('/')).headers.get('Content-Security-Policy') ?? '';
  return /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('securityHeaders script-src', () => {
  it("allows the built index.html's inline script by its hash, and no script of another kind", async () => {
    const boot = "\n      (() => { document.documentElement.dataset.colorScheme = 'dark'; })();\n    ";
    const html = `<head><script>${boot}</script><script src="/a.js"></script></head>
      <body><script type="application/json" id="state">{}</script><script type="module" src="/main.js"></script></body>`;
    expect(await scriptSources(html)).toBe(`'self' ${sha256(boot)}`);
  });

  it('allows same-origin files only without a built client', async () => {
    expect(await scriptSources(null)).toBe("'self'");
    expect(await scriptSources('<head><script src="/a.js"></script></head>')).toBe("'self'");
  });
});
