import { fetchWithStepUp, registerStepUpAsker, stepUpLink } from '@client/lib/step-up';
import type { AppRouter } from '@server/routers/_app';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it } from 'vitest';

const refusal = () =>
  TRPCClientError.from({
    error: {
      message: 'Please confirm your password to continue.',
      code: -32012,
      data: { code: 'PRECONDITION_FAILED', httpStatus: 412, stepUpRequired: true },
    },
  });

/** A server played by the test: refuses for a missing step-up until `steppedUp` is set, and counts calls. */
function fakeServer() {
  const state = { steppedUp: false, calls: [] as string[] };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        state.calls.push(op.path);
        if (!state.steppedUp) observer.error(refusal());
        else {
          observer.next({ result: { type: 'data', data: { ok: true } } });
          observer.complete();
        }
        return () => {};
      });
  const client = createTRPCClient<AppRouter>({ links: [stepUpLink, link] });
  return { state, client };
}

let unregister: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
});

describe('the step-up link', () => {
  it('opens the dialog once for a refused mutation and sends it again after the password is confirmed', async () => {
    const { state, client } = fakeServer();
    let asked = 0;
    unregister = registerStepUpAsker(async () => {
      asked += 1;
      state.steppedUp = true;
      return true;
    });
    await expect(client.admin.settings.save.mutate({} as never)).resolves.toEqual({ ok: true });
    expect(asked).toBe(1);
    expect(state.calls).toEqual(['admin.settings.save', 'admin.settings.save']);
  });

  it('gives the refusal back when the dialog is closed, and never retries a query', async () => {
    const { state, client } = fakeServer();
    let asked = 0;
    unregister = registerStepUpAsker(async () => {
      asked += 1;
      return false;
    });
    await expect(client.admin.settings.save.mutate({} as never)).rejects.toThrow(
      'Please confirm your password to continue.',
    );
    await expect(client.admin.auditLog.filters.query()).rejects.toThrow(TRPCClientError);
    expect(asked).toBe(1);
    expect(state.calls).toEqual(['admin.settings.save', 'admin.auditLog.filters']);
  });
});

describe('fetchWithStepUp (uploads)', () => {
  it('asks for the password on 428 and sends the request once more', async () => {
    const answers = [428, 200];
    const sent: string[] = [];
    const send = (async (url: string) => {
      sent.push(url);
      return new Response('{}', { status: answers.shift() ?? 500 });
    }) as typeof fetch;
    unregister = registerStepUpAsker(async () => true);
    const response = await fetchWithStepUp(send, '/api/admin/candidates/x/image', () => ({ method: 'POST' }));
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(2);
  });
});
