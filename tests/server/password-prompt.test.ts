import { PassThrough } from 'node:stream';
import { PasswordNotRead, readPassword } from '@server/cli/password-prompt';
import { describe, expect, it } from 'vitest';

/** A terminal as readline sees one: keys typed into `input`, what is shown collected from `output`. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => (shown += chunk));
  const type = (keys: string) =>
    new Promise<void>((resolve) => setTimeout(() => resolve(void input.write(keys)), 5));
  return { streams: { input, output }, type, shown: () => shown };
}

const outcome = (promise: Promise<string>) =>
  Promise.race([
    promise.then(
      (password) => ({ password }),
      (error: Error) => ({ refused: error instanceof PasswordNotRead ? error.message : String(error) }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
  ]);

describe('the create-admin password prompt on a terminal', () => {
  it('takes a password typed twice, without showing it', async () => {
    const { streams, type, shown } = terminal();
    const asked = readPassword('Password for chief@codka.example: ', streams);
    await type('a-long-password\r');
    await type('a-long-password\r');
    expect(await outcome(asked)).toEqual({ password: 'a-long-password' });
    expect(shown()).toContain('Password for chief@codka.example: ');
    expect(shown()).not.toContain('a-long-password');
  });

  it('stops on Ctrl-C (review finding 7: it waited for ever) and on Ctrl-D, changing nothing', async () => {
    const first = terminal();
    const cancelled = readPassword('Password: ', first.streams);
    await first.type('abc\x03');
    expect(await outcome(cancelled)).toEqual({ refused: 'Cancelled; nothing was changed.' });

    const second = terminal();
    const ended = readPassword('Password: ', second.streams);
    await second.type('a-long-password\r');
    await second.type('\x04');
    expect(await outcome(ended)).toEqual({ refused: 'Cancelled; nothing was changed.' });
  });
});
