import { type ParseArgsConfig, parseArgs } from 'node:util';
import { KeyFileError } from '../db/key-file-error';
import { type Env, EnvError, readEnv } from '../env';
import { readEnvFile } from './env-file';
import { COMMAND_HELP, commandHelp, EXIT, generalHelp } from './help';
import type { Runtime, RuntimeFiles } from './runtime';

/** What a command gets: the parsed command line, the configuration and the runtime's files. */
export interface CommandInput {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  env: Env;
  files: RuntimeFiles;
  runtime: Runtime;
}

interface Command {
  options: NonNullable<ParseArgsConfig['options']>;
  positionals: { min: number; max: number; name?: string };
  /** Resolves with the exit code, or with null for `serve`, which keeps running. */
  run: (input: CommandInput) => Promise<number | null>;
}

// The command modules are loaded only once the runtime is prepared: they import the native modules, which the
// executable unpacks first.
const COMMANDS: Record<string, Command> = {
  serve: { options: {}, positionals: none(), run: async (input) => (await import('./serve')).serve(input) },
  migrate: {
    options: {},
    positionals: none(),
    run: async (input) => (await import('./commands')).migrate(input),
  },
  seed: { options: {}, positionals: none(), run: async (input) => (await import('./commands')).seed(input) },
  backup: {
    options: { out: { type: 'string' } },
    positionals: none(),
    run: async (input) => (await import('./commands')).backup(input),
  },
  restore: {
    options: {},
    positionals: { min: 1, max: 1, name: 'FILE' },
    run: async (input) => (await import('./commands')).restore(input),
  },
  'create-admin': {
    options: { email: { type: 'string' } },
    positionals: none(),
    run: async (input) => (await import('./commands')).createAdmin(input),
  },
  check: { options: {}, positionals: none(), run: async (input) => (await import('./check')).check(input) },
  version: { options: {}, positionals: none(), run: async (input) => version(input.runtime) },
};

function none() {
  return { min: 0, max: 0 };
}

const COMMON_OPTIONS = {
  'env-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs `codka [command] [options]`; resolves with the exit code, or null when the server keeps running. */
export async function runCli(argv: string[], runtime: Runtime): Promise<number | null> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') return say(generalHelp(), EXIT.done);
  if (first === '--version') return version(runtime);
  const named = first !== undefined && !first.startsWith('-');
  const name = named ? first : 'serve';
  const command = COMMANDS[name];
  if (!command) {
    return complain(
      `codka: unknown command '${name}'. Commands: ${Object.keys(COMMANDS).join(', ')} (codka --help).`,
      EXIT.usage,
    );
  }
  let parsed: { values: CommandInput['values']; positionals: string[] };
  try {
    parsed = parseArgs({
      args: named ? rest : argv,
      options: { ...command.options, ...COMMON_OPTIONS },
      allowPositionals: command.positionals.max > 0,
      strict: true,
    });
  } catch (error) {
    return complain(
      `codka ${name}: ${describeArgumentError(error)}. See 'codka ${name} --help'.`,
      EXIT.usage,
    );
  }
  if (parsed.values.help) return say(commandHelp(name), EXIT.done);
  const { min, max, name: argument } = command.positionals;
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    return complain(
      `codka ${name}: expects ${argument ?? 'no argument'}. Usage: ${COMMAND_HELP[name]?.usage}`,
      EXIT.usage,
    );
  }
  if (name === 'create-admin' && !parsed.values.email) {
    return complain(
      `codka create-admin: --email is required. Usage: ${COMMAND_HELP[name]?.usage}`,
      EXIT.usage,
    );
  }

  let env: Env;
  try {
    const fromFile =
      typeof parsed.values['env-file'] === 'string' ? readEnvFile(parsed.values['env-file']) : {};
    env = readEnv({ ...runtime.envDefaults, ...fromFile });
  } catch (error) {
    if (error instanceof EnvError) return complain(error.message, EXIT.config);
    throw error;
  }
  if (name === 'version') return version(runtime);
  const files = await runtime.prepare(env, name);
  try {
    return await command.run({ ...parsed, env, files, runtime });
  } catch (error) {
    // A key file that is missing for this database, not its own, or readable by others: the start stops.
    if (error instanceof KeyFileError) return complain(`codka ${name}: ${error.message}`, EXIT.failed);
    throw error;
  }
}

/** parseArgs' messages, shortened to name the flag: "unknown option --foo". */
function describeArgumentError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const flag = /'(-[^']*)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) return `unknown option ${flag}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument ${/'([^']*)'/.exec(message)?.[1]}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag)
    return `option ${flag.split(' ')[0]} needs a value`;
  return message.split('. ')[0] ?? message;
}

function version(runtime: Runtime): number {
  return say(
    `codka ${runtime.version} (Node.js ${process.version}, ${process.platform}-${process.arch}, ${runtime.kind})`,
    0,
  );
}

function say(text: string, code: number): number {
  console.log(text);
  return code;
}

function complain(text: string, code: number): number {
  console.error(text);
  return code;
}
