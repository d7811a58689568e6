import { createDb } from '@server/db/client';
import { unsupportedNodeMessage } from '@server/db/node-version';
import { describe, expect, it } from 'vitest';

describe('the Node version guard before better-sqlite3 opens a database', () => {
  it('names the running version and the way to run Node 24 when the Node is too old', () => {
    const message = unsupportedNodeMessage('v20.20.2');
    expect(message).toContain('Node v20.20.2');
    expect(message).toContain('node_modules/.bin');
  });

  it('lets Node 22 and 24 through', () => {
    expect(unsupportedNodeMessage('v22.12.0')).toBeNull();
    expect(unsupportedNodeMessage('v24.21.0')).toBeNull();
  });

  it('runs these tests on the Node 24 that npm install put in node_modules/.bin', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(() => createDb(':memory:')).not.toThrow();
  });
});
