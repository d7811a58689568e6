import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/server';

/**
 * The built site runs React itself: react-dom's production build is in the browser's code (its errors minified,
 * pointing at react.dev), and no other runtime is there under React's name.
 */
const assets = join(REPO_ROOT, 'dist/site/client/assets');
const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
const read = (name: string) => readFileSync(join(assets, name), 'utf8');

describe('the built client', () => {
  it("carries react-dom's production build", () => {
    const withReactDom = scripts.filter((name) => read(name).includes('Minified React error #'));
    expect(withReactDom.length).toBeGreaterThan(0);
    expect(withReactDom.some((name) => read(name).includes('hydrateRoot'))).toBe(true);
  });

  it('carries no Preact', () => {
    expect(scripts.filter((name) => /preact/i.test(read(name)))).toEqual([]);
  });
});
