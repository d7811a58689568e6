import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchLimited } from '@server/net/fetch-limited';
import { isInternalAddress } from '@server/net/public-address';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../helpers/db';
import { createAdmin } from '../../helpers/factories';
import { photoEnv, runJob } from '../../helpers/photo-jobs';

// The attack: the operator configured a photo source by NAME, and whoever controls that name's DNS answers
// with an address inside our own network (the machine itself, written in one of the forms that reach it).
// Nothing here uses the network: a fake resolver, or `localhost`, and a listener on 127.0.0.1 that counts
// every connection it is offered. A refused fetch must leave it at zero.

let target: Server;
let port: number;
let connections: number;
beforeEach(async () => {
  connections = 0;
  target = createServer((_, response) => response.end('secret from inside'));
  target.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
});
afterEach(
  () =>
    new Promise<void>((resolve) => {
      target.closeAllConnections();
      target.close(() => resolve());
    }),
);

const resolvesTo =
  (...addresses: LookupAddress[]) =>
  async () =>
    addresses;

describe('photo sources are checked at connect time', () => {
  it.each([
    ['127.0.0.1', 4],
    ['::ffff:127.0.0.1', 6],
    ['64:ff9b::7f00:1', 6],
    ['2002:7f00:1::', 6],
    ['::', 6],
    ['fd12:3456::1', 6],
  ] as const)(
    'a configured source host resolving to %s is refused and never connected to',
    async (address, family) => {
      const host = `photos.parliament.test:${port}`;
      await expect(
        fetchLimited(`http://${host}/members/`, {
          allowedHosts: new Set([host]),
          resolve: resolvesTo({ address, family }),
          timeoutMs: 2_000,
          maxBytes: 1_000,
        }),
      ).rejects.toThrow('photos.parliament.test resolves to an internal address, which is not allowed.');
      expect(connections).toBe(0);
    },
  );

  it('a host with one public and one internal address is refused (the socket could pick either)', async () => {
    const host = `photos.parliament.test:${port}`;
    await expect(
      fetchLimited(`http://${host}/members/`, {
        allowedHosts: new Set([host]),
        resolve: resolvesTo({ address: '41.78.72.10', family: 4 }, { address: '127.0.0.1', family: 4 }),
        timeoutMs: 2_000,
        maxBytes: 1_000,
      }),
    ).rejects.toThrow('resolves to an internal address');
    expect(connections).toBe(0);
  });

  it('the admin override fetch goes through the same check', async () => {
    await expect(
      fetchLimited(`http://rebinding.test:${port}/photo.jpg`, {
        publicAddressesOnly: true,
        resolve: resolvesTo({ address: '64:ff9b::7f00:1', family: 6 }),
        timeoutMs: 2_000,
        maxBytes: 1_000,
      }),
    ).rejects.toThrow('rebinding.test resolves to an internal address, which is not allowed.');
    expect(connections).toBe(0);
  });

  it('a refresh job whose source is configured as a name for this machine fetches nothing', async () => {
    const db = createTestDb();
    const admin = await createAdmin(db);
    const env = photoEnv(`http://localhost:${port}`);
    const { job, errors } = await runJob(db, env, 'refresh', admin.id);
    expect(connections).toBe(0);
    expect(job.status).toBe('failed');
    expect(errors.join('\n')).toContain('localhost resolves to an internal address, which is not allowed.');
  });

  it('knows the tunnelled and mapped forms of internal addresses, and leaves public ones alone', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:c0a8:101::1',
      '::',
      '::7f00:1',
      'fc00::1',
      'not an address',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['41.78.72.10', '2001:4860:4860::8888', '2a00:1450:4001::1']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});
