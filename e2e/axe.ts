/** Axe-core in the e2e browser: the critical and serious violations of a page, checked empty. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core');

interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Moderate rules the issue named: one <h1> per page, one banner landmark with a dialog open. */
const ALSO_CHECKED = ['page-has-heading-one', 'landmark-no-duplicate-banner'];

/** Runs axe on the whole document and returns the critical and serious violations (and ALSO_CHECKED). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (ALSO_CHECKED) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[]; html: string }[] }[];
          }>;
        };
      }
    ).axe;
    // label-content-name-mismatch is an experimental rule: switched on, as the audit did.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious' || ALSO_CHECKED.includes(v.id))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
      }));
  }, ALSO_CHECKED);
}

export async function expectAccessible(page: Page, state: string): Promise<void> {
  // A modal fading in is semi-transparent: axe would measure the contrast of the fade.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const violations = await seriousViolations(page);
  expect(violations, `${state}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
