import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Where the prompt reads and writes: the process's own terminal, or a test's streams. */
export interface PromptStreams {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

/**
 * The new admin's password: asked twice on a terminal without echo, or the first line of standard input
 * (a script pipes it in; it never appears in the process list as an argument would).
 */
export async function readPassword(
  prompt: string,
  streams: PromptStreams = { input: process.stdin, output: process.stdout },
): Promise<string> {
  if (!streams.input.isTTY) return firstLine(streams.input);
  const first = await askHidden(prompt, streams);
  const second = await askHidden('Again, to confirm: ', streams);
  if (first !== second) throw new PasswordNotRead('The two passwords differ; nothing was changed.');
  return first;
}

/** No password was taken (they differ, or the prompt was cancelled): the message says so. */
export class PasswordNotRead extends Error {}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

function askHidden(prompt: string, { input, output }: PromptStreams): Promise<string> {
  let muted = false;
  // Echoes the prompt, then nothing of what is typed.
  const echo = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input, output: echo, terminal: true });
  return new Promise((resolve, reject) => {
    let answered = false;
    terminal.question(prompt, (answer) => {
      answered = true;
      terminal.close();
      output.write('\n');
      resolve(answer);
    });
    // The terminal is in raw mode, so Ctrl-C reaches readline as a key, not as a signal: without this it
    // would be swallowed and the prompt would wait for ever. Ctrl-D on an empty line closes the prompt too.
    terminal.on('SIGINT', () => terminal.close());
    terminal.on('close', () => {
      if (answered) return;
      output.write('\n');
      reject(new PasswordNotRead('Cancelled; nothing was changed.'));
    });
    muted = true;
  });
}
