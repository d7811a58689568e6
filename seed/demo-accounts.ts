/**
 * Demo accounts, written in the README and printed at first start. They exist only when SEED_DEMO is on:
 * a real deployment sets SEED_DEMO=false and ADMIN_EMAIL/ADMIN_PASSWORD instead.
 */
export const DEMO_ADMIN = {
  email: 'admin@codka.example',
  password: 'codka-admin-2026',
  fullName: 'Demo System Admin',
} as const;

export const DEMO_CITIZEN = {
  email: 'citizen@codka.example',
  password: 'codka-citizen-2026',
  fullName: 'Amina Warsame',
} as const;

/** Seeded voters who cast the demo votes; they have no password and cannot sign in. */
export const DEMO_VOTER_COUNT = 60;
export const demoVoterEmail = (n: number) => `voter${String(n).padStart(3, '0')}@codka.example`;
