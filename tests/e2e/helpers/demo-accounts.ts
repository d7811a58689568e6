import {
  DEMO_ADMIN as ADMIN,
  DEMO_CITIZEN as CITIZEN,
  DEMO_REGISTRAR as REGISTRAR,
  readDemoAccountsFile,
  DEMO_SECOND_ADMIN as SECOND_ADMIN,
  DEMO_SUPERVISOR as SUPERVISOR,
} from '../../../seed/demo-accounts';

/**
 * The demo accounts with the passwords the test server drew at its first start. The project holds no demo
 * password and the server has no switch to choose one: startServer reads the owner-only file the server
 * wrote in its temporary data folder (demo-accounts.txt) and hands the passwords over here.
 */
const passwords = new Map<string, string>();

export function learnDemoPasswords(file: string): void {
  passwords.clear();
  for (const account of readDemoAccountsFile(file)) passwords.set(account.email, account.password);
}

function withPassword<T extends { email: string; fullName: string }>(account: T) {
  return {
    email: account.email,
    fullName: account.fullName,
    get password(): string {
      const password = passwords.get(account.email);
      if (!password)
        throw new Error(`no demo password for ${account.email}: start the server (startServer) first`);
      return password;
    },
  };
}

export const DEMO_ADMIN = withPassword(ADMIN);
export const DEMO_SECOND_ADMIN = withPassword(SECOND_ADMIN);
export const DEMO_CITIZEN = withPassword(CITIZEN);
export const DEMO_REGISTRAR = withPassword(REGISTRAR);
export const DEMO_SUPERVISOR = withPassword(SUPERVISOR);
