import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FOLDER = join('tests', '.artifacts', 'security');

/**
 * Prints one summary line for docs/security.md and keeps the figures as JSON beside the other test
 * artifacts, so the page can be refreshed from the latest run.
 */
export function reportFigures(name: string, line: string, figures: Record<string, unknown>): void {
  mkdirSync(FOLDER, { recursive: true });
  writeFileSync(
    join(FOLDER, `${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(`[security] ${line}`);
}
