// Accessibility checks with axe-core, run in the page itself: axe is injected once per document
// and stays for client-side navigations, so checking many views costs one injection.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type Axe from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeProblem {
  rule: string;
  impact: string | null | undefined;
  nodes: string[];
}

/** The serious and critical WCAG 2.1 AA violations axe finds in the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof Axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    WCAG_AA,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
