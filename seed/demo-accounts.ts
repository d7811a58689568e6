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

/** A trustee of the demo's open verifiable election: what they need to decrypt their share on /trustee. */
export interface DemoTrustee {
  name: string;
  /** The token given when their key was added (only its hash is stored). */
  token: string;
  /** The private key as `belenios-tool setup generate-trustee-key` and the /trustee page write it. */
  privateKey: string;
}

export interface DemoTrustees {
  electionId: string;
  title: { en: string; so: string };
  trustees: DemoTrustee[];
}

/** What a seed run made that only this run can show: the new accounts' passwords, the new trustees' keys. */
export interface DemoSecrets {
  credentials: DemoCredential[];
  trustees: DemoTrustees | null;
}

const FILE_NAME = 'demo-accounts.txt';
const TRUSTEES_FILE_NAME = 'demo-trustees.txt';
const trusteeKeyFileName = (n: number) => `demo-trustee-${n}-private-key.txt`;

/** Where the demo passwords are kept: beside the database file. None for an in-memory database. */
export function demoAccountsFile(databasePath: string): string | null {
  if (databasePath === ':memory:' || databasePath.startsWith('file::memory:')) return null;
  return join(dirname(resolve(databasePath)), FILE_NAME);
}

/**
 * Writes a file readable and writable by its owner only (0600). An old file is removed first rather than
 * overwritten, so the new one is created with that mode and never inherits a looser one.
 */
function writeOwnerOnlyFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

export function writeDemoAccountsFile(path: string, credentials: DemoCredential[]): void {
  const lines = [
    '# Codka demo accounts, generated at the first start with SEED_DEMO on. Readable only by you.',
    '# account | email | password',
    ...credentials.map((account) => `${account.label} | ${account.email} | ${account.password}`),
    '',
  ];
  writeOwnerOnlyFile(path, lines.join('\n'));
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

/**
 * The open verifiable election's trustees beside the demo accounts (`accountsFile`'s folder), each file 0600:
 * one private key file per trustee, as /trustee's key file field and `belenios-tool election decrypt --privkey`
 * read it, and demo-trustees.txt naming each trustee's token and key file. Returns the latter's path.
 */
export function writeDemoTrusteesFiles(accountsFile: string, demo: DemoTrustees): string {
  const folder = dirname(accountsFile);
  const keyFiles = demo.trustees.map((trustee, index) => {
    const path = join(folder, trusteeKeyFileName(index + 1));
    writeOwnerOnlyFile(path, `${trustee.privateKey}\n`);
    return path;
  });
  const lines = [
    `# Codka demo: the trustees of the open verifiable election "${demo.title.en}" (${demo.electionId}).`,
    '# Readable only by you. To count it: close the election in the admin console; once its encrypted tally',
    `# is made, open /trustee?election=${demo.electionId} once for each trustee, give their token and choose`,
    '# their private key file. The result is published when every share is in.',
    '# trustee | token | private key file',
    ...demo.trustees.map((trustee, index) => `${trustee.name} | ${trustee.token} | ${keyFiles[index]}`),
    '',
  ];
  const path = join(folder, TRUSTEES_FILE_NAME);
  writeOwnerOnlyFile(path, lines.join('\n'));
  return path;
}

/** The election and trustees in a file written by writeDemoTrusteesFiles, each with their private key's text. */
export function readDemoTrusteesFile(path: string): { electionId: string; trustees: DemoTrustee[] } {
  const text = readFileSync(path, 'utf8');
  const electionId = /\(([0-9a-f-]{36})\)\.$/m.exec(text)?.[1] ?? '';
  const trustees = text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name = '', token = '', keyFile = ''] = line.split(' | ').map((part) => part.trim());
      return { name, token, privateKey: readFileSync(keyFile, 'utf8').trim() };
    });
  return { electionId, trustees };
}

/** Where the demo's secrets were kept (none for an in-memory database, or when this run made none). */
export interface DemoSecretFiles {
  file: string | null;
  trusteesFile: string | null;
}

/**
 * Keeps what a seed run made beside the database, owner-only: the new accounts' passwords and the open verifiable
 * election's trustees. Accounts and elections that existed already keep their files.
 */
export function keepDemoSecrets(databasePath: string, secrets: DemoSecrets): DemoSecretFiles {
  const file = demoAccountsFile(databasePath);
  if (!file) return { file: null, trusteesFile: null };
  if (secrets.credentials.length > 0) writeDemoAccountsFile(file, secrets.credentials);
  return {
    file: secrets.credentials.length > 0 ? file : null,
    trusteesFile: secrets.trustees ? writeDemoTrusteesFiles(file, secrets.trustees) : null,
  };
}
