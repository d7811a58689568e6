import { readFileSync } from 'node:fs';
import { parseEnv as parseDotenv } from 'node:util';
import { ENV_VARIABLES, EnvError } from '../env';

/**
 * Reads `--env-file FILE` (NAME=value lines, # comments, quotes as in systemd's EnvironmentFile and Node's
 * --env-file). A variable Codka does not read is refused by name, so a typo cannot silently keep a default.
 */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new EnvError(
      `--env-file ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  const values = parseDotenv(text) as Record<string, string>;
  const unknown = Object.keys(values).filter((name) => !ENV_VARIABLES.includes(name));
  if (unknown.length > 0) {
    throw new EnvError(
      `--env-file ${path}: unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} ` +
        '(Codka reads only the variables listed in the README)',
    );
  }
  return values;
}
