import { createRenderShares } from '@server/http/render-shares';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';

const quietLog = { warn() {} } as unknown as FastifyBaseLogger;
const settledSoon = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('an address share of the render budget', () => {
  it('is never left in credit by two give-backs at once', async () => {
    const shares = createRenderShares({ enabled: true, log: quietLog });
    const address = '192.0.2.7';
    // 50 ms used in this window; then two renders charged 100 ms each end unstarted at the same moment (their own
    // charges made in a window that has ended), each giving back what it can.
    const used = { address, ms: 50 };
    expect(await shares.withinShare(used)).toBe(true);
    shares.release(used);
    shares.settle({ address, ms: 100 }, 0);
    shares.settle({ address, ms: 100 }, 0);
    await settledSoon();
    // Back to nothing used, not below: the whole share, then nothing more.
    const whole = { address, ms: 200 };
    expect(await shares.withinShare(whole)).toBe(true);
    shares.release(whole);
    const more = { address, ms: 1 };
    expect(await shares.withinShare(more)).toBe(false);
    shares.release(more);
  });

  it('is never left in credit by 50 give-backs at once, nor held past its share by 50 asks at once', async () => {
    const shares = createRenderShares({ enabled: true, log: quietLog });
    const address = '192.0.2.8';
    const used = { address, ms: 50 };
    expect(await shares.withinShare(used)).toBe(true);
    shares.release(used);
    for (let index = 0; index < 50; index += 1) shares.settle({ address, ms: 100 }, 0);
    await settledSoon();
    // 50 asks of the whole share at once: one is let through, the others refused.
    const asks = Array.from({ length: 50 }, () => ({ address, ms: 200 }));
    const answers = await Promise.all(asks.map((ask) => shares.withinShare(ask)));
    for (const ask of asks) shares.release(ask);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});
