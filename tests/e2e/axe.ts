// Accessibility checks with axe-core, run in the page itself: axe stays in a document for its
// client-side navigations, and once a test has checked one document, the documents its page loads
// next get axe as they start (an init script). Sending axe's 650 KB through Playwright costs about
// as much CPU as loading a page; evaluating it there, a tenth of that.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, test } from '@playwright/test';
import type Axe from 'axe-core';
import { transitionsEnded } from './transitions';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.1 AA and axe's best practices (unique landmarks, heading order, content in regions), as
// Lighthouse's accessibility audit runs them.
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeProblem {
  rule: string;
  impact: string | null | undefined;
  nodes: string[];
}

/** The test whose init scripts hold axe, per page (a kept page's init scripts go with its test). */
const initScriptOf = new WeakMap<Page, string>();

async function inject(page: Page) {
  const { testId } = test.info();
  if (initScriptOf.get(page) !== testId) {
    initScriptOf.set(page, testId);
    await page.addInitScript(axeSource);
  }
  await page.evaluate(axeSource);
}

/**
 * The violations of any impact (minor to critical) axe finds in the page as it is now,
 * once its CSS transitions have ended: a colour read while a new theme fades in is neither scheme's.
 */
export async function axeViolations(page: Page): Promise<AxeProblem[]> {
  await transitionsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await inject(page);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof Axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // Only the violations' nodes are collected: every passing node of a page costs time.
        resultTypes: ['violations'],
      }),
    RULE_TAGS,
  );
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** The same check, under the name the search screen's spec imports. */
export const seriousAxeViolations = axeViolations;
