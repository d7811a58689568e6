import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Demo accounts. They exist only when SEED_DEMO is on (a real deployment sets SEED_DEMO=false and
 * ADMIN_EMAIL/ADMIN_PASSWORD instead). Their passwords are not written anywhere in the project: each is drawn
 * at random when the account is created, printed once to the console and kept in a file only the owner
 * of the data folder can read (demo-accounts.txt beside the database).
 */
export const DEMO_ADMIN = {
  email: 'admin@codka.example',
  fullName: 'Demo System Admin',
  label: 'System Admin',
} as const;

/**
 * A second System Admin: a roll import and a grant of a staff role wait for another System Admin to confirm
 * them (the approvals queue), so the demo has two, each able to confirm what the other asked for.
 */
export const DEMO_SECOND_ADMIN = {
  email: 'admin2@codka.example',
  fullName: 'Demo Second System Admin',
  label: 'System Admin',
} as const;

export const DEMO_CITIZEN = {
  email: 'citizen@codka.example',
  // Confirmed, so the USSD simulator (/admin/ussd) can dial as her: her account votes and shows her registration.
  phone: '+252615550100',
  fullName: 'Amina Warsame',
  label: 'Citizen',
} as const;

/** Staff of the voter roll: the registrar works at the first demo centers (seed/voter-roll.ts). */
export const DEMO_REGISTRAR = {
  email: 'registrar@codka.example',
  fullName: 'Hodan Abdullahi',
  label: 'Registrar',
} as const;

export const DEMO_SUPERVISOR = {
  email: 'supervisor@codka.example',
  fullName: 'Yusuf Mohamed Ali',
  label: 'Enrollment Supervisor',
} as const;

/** Seeded voters who cast the demo votes; they have no password and cannot sign in. */
export const DEMO_VOTER_COUNT = 60;
export const demoVoterEmail = (n: number) => `voter${String(n).padStart(3, '0')}@codka.example`;

export interface DemoCredential {
  /** "System Admin", "Citizen", "Registrar" or "Enrollment Supervisor", for the person reading the file. */
  label: string;
  email: string;
  password: string;
}

/** 128 bits from the system's random source, as 22 URL-safe characters (no spaces: the file splits on them). */
export function generateDemoPassword(): string {
  return randomBytes(16).toString('base64url');
}

const FILE_NAME = 'demo-accounts.txt';

/** Where the demo passwords are kept: beside the database file. None for an in-memory database. */
export function demoAccountsFile(databasePath: string): string | null {
  if (databasePath === ':memory:' || databasePath.startsWith('file::memory:')) return null;
  return join(dirname(resolve(databasePath)), FILE_NAME);
}

/**
 * Writes the file readable and writable by its owner only (0600). An old file is removed first rather than
 * overwritten, so the new one is created with that mode and never inherits a looser one.
 */
export function writeDemoAccountsFile(path: string, credentials: DemoCredential[]): void {
  const lines = [
    '# Codka demo accounts, generated at the first start with SEED_DEMO on. Readable only by you.',
    '# account | email | password',
    ...credentials.map((account) => `${account.label} | ${account.email} | ${account.password}`),
    '',
  ];
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, lines.join('\n'));
  } finally {
    closeSync(fd);
  }
}

/** The credentials in a file written by writeDemoAccountsFile (the browser tests sign in with them). */
export function readDemoAccountsFile(path: string): DemoCredential[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [label = '', email = '', password = ''] = line.split(' | ').map((part) => part.trim());
      return { label, email, password };
    });
}
