/** The words `codka --help` and `codka <command> --help` print. */
export interface CommandHelp {
  usage: string;
  summary: string;
  details?: string;
}

export const COMMAND_HELP: Record<string, CommandHelp> = {
  serve: {
    usage: 'codka [serve] [--env-file FILE]',
    summary: 'Apply pending migrations and serve the site (the default command).',
    details:
      'Stops on SIGTERM or SIGINT: requests in flight finish, then it exits 0; after 10 seconds it exits 1\n' +
      'whatever is still running. A second signal exits at once.',
  },
  migrate: {
    usage: 'codka migrate [--env-file FILE]',
    summary: 'Apply pending database migrations (creates the database if missing).',
  },
  seed: {
    usage: 'codka seed [--env-file FILE]',
    summary: 'Seed demo data (demo accounts with fresh passwords, printed once). Not for a real site.',
  },
  backup: {
    usage: 'codka backup [--out DIR] [--env-file FILE]',
    summary: 'Write a consistent copy of the database; safe while the server runs.',
    details:
      'The copy is named codka-<UTC time>.db, in DIR or else in backups/ beside the database, readable\n' +
      'only by its owner. The path written is the last line printed.',
  },
  restore: {
    usage: 'codka restore FILE [--env-file FILE]',
    summary: 'Put a backup back in place of the database. Stop the server first.',
    details: 'The database it replaces is kept beside it (named in the output).',
  },
  'create-admin': {
    usage: 'codka create-admin --email EMAIL [--env-file FILE]',
    summary: 'Create a System Admin account (or make an existing account one, given its own password).',
    details:
      'The password is asked on the terminal, or read from the first line of standard input:\n' +
      '  printf \'%s\\n\' "$PASSWORD" | codka create-admin --email chief@example.so',
  },
  check: {
    usage: 'codka check [--env-file FILE]',
    summary:
      'Check the configuration, the database (integrity, pending migrations), free disk and the native code.',
    details: 'Prints one line per check; exits 1 if any line is FAIL (WARN lines do not fail).',
  },
  version: { usage: 'codka version', summary: 'Print the version of Codka and of the Node.js it runs on.' },
};

/** Exit codes a shell script can rely on (EXIT_CODES says them in words for --help). */
export const EXIT = { done: 0, failed: 1, usage: 2, config: 3 } as const;

export const EXIT_CODES =
  'Exit codes: 0 done; 1 failed (the message says why); 2 bad command line (unknown command or flag,\n' +
  'missing argument); 3 bad configuration (a variable or the env file; the message names it).';

export function generalHelp(): string {
  const width = Math.max(...Object.keys(COMMAND_HELP).map((name) => name.length)) + 2;
  return [
    "Codka: the public civic site for Somalia's federal elections.",
    '',
    'Usage: codka [command] [options]',
    '',
    'Commands:',
    ...Object.entries(COMMAND_HELP).map(([name, help]) => `  ${name.padEnd(width)}${help.summary}`),
    '',
    'Options for every command:',
    '  --env-file FILE  read variables from FILE (NAME=value lines); the environment wins over the file',
    '  -h, --help       help for the command',
    '',
    'Configuration is read from environment variables (PORT, HOST, DATABASE_PATH, UPLOADS_DIR, PUBLIC_ORIGIN,',
    'TRUST_PROXY, SEED_DEMO, STAFF_TWO_FACTOR, ADMIN_EMAIL, ADMIN_PASSWORD, SMTP_URL, MAIL_FROM, LOG_LEVEL, ...):',
    'see the README.',
    EXIT_CODES,
  ].join('\n');
}

export function commandHelp(name: string): string {
  const help = COMMAND_HELP[name] ?? { usage: `codka ${name}`, summary: '' };
  return [
    `Usage: ${help.usage}`,
    '',
    help.summary,
    ...(help.details ? ['', help.details] : []),
    '',
    EXIT_CODES,
  ].join('\n');
}
