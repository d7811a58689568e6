import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * The new admin's password: asked twice on a terminal without echo, or the first line of standard input
 * (a script pipes it in; it never appears in the process list as an argument would).
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const first = await askHidden(prompt);
  const second = await askHidden('Again, to confirm: ');
  if (first !== second) throw new PasswordMismatch('The two passwords differ; nothing was changed.');
  return first;
}

export class PasswordMismatch extends Error {}

async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

function askHidden(prompt: string): Promise<string> {
  let muted = false;
  // Echoes the prompt, then nothing of what is typed.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    terminal.question(prompt, (answer) => {
      terminal.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}
