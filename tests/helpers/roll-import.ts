import type { Db } from '@server/db/client';
import { auditLogs, districts } from '@server/db/schema';
import { VOTER_ROLL_IMPORT_PATH } from '@server/http/voter-roll-import';
import { confirmApproval } from '@server/services/approvals/queue';
import { ROLL_IMPORT_COLUMNS } from '@shared/roll-import';
import { eq } from 'drizzle-orm';
import { sameOrigin, type TestApp } from './app';
import { createUser, type TestUser } from './factories';
import { sessionCookie } from './security/world';

export const ROLL_HEADER = ROLL_IMPORT_COLUMNS.join(',');

/** Two districts the rows name (BN-HOD in Banadir, BR-BOS in Bari). */
export function rollDistricts(db: Db) {
  return db
    .insert(districts)
    .values([
      { name: 'Hodan', code: 'BN-HOD', region: 'Banadir' },
      { name: 'Boosaaso', code: 'BR-BOS', region: 'Bari' },
    ])
    .returning({ id: districts.id, code: districts.code })
    .all();
}

/** A System Admin with a session past step-up (as if the password had just been confirmed). */
export async function steppedUpAdmin(db: Db): Promise<{ admin: TestUser; cookie: string }> {
  const admin = await createUser(db, { role: 'System Admin' });
  return { admin, cookie: sessionCookie(db, admin.id, { steppedUp: true }) };
}

/** `count` valid rows with card numbers SO-<prefix>-<n>, alternating the two districts. */
export function rollRows(count: number, prefix = 'A'): string[] {
  return Array.from(
    { length: count },
    (_, i) =>
      `SO-${prefix}-${i + 1},Voter ${prefix} ${i + 1},19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10},${i % 2 ? 'BR-BOS' : 'BN-HOD'}`,
  );
}

export const rollCsv = (rows: string[], header = ROLL_HEADER) => `${[header, ...rows].join('\n')}\n`;

/** POST the roll as the admin page does: text/csv, same origin, the admin's cookie. */
export function sendRoll(
  app: TestApp['app'],
  body: string | Buffer,
  options: { cookie?: string; dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: `${VOTER_ROLL_IMPORT_PATH}${options.dryRun ? '?dryRun=1' : ''}`,
    headers: {
      ...sameOrigin,
      'content-type': 'text/csv; charset=utf-8',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: body,
  });
}

export const rollSize = (db: Db): number =>
  db.$client.prepare('SELECT count(*) FROM voters').pluck().get() as number;
export const importAudits = (db: Db) =>
  db.select().from(auditLogs).where(eq(auditLogs.action, 'import')).all();

/** A second System Admin confirms a waiting request, as the approvals page does (the service, past step-up). */
export async function confirmBySecondAdmin(db: Db, approvalId: string) {
  const second = await createUser(db, { role: 'System Admin' });
  return { second, result: confirmApproval(db, approvalId, second.id).confirmed };
}

/** Sends a good roll (202, waiting) and has a second System Admin confirm it: the roll is then written. */
export async function importConfirmed(
  app: TestApp['app'],
  db: Db,
  body: string | Buffer,
  options: { cookie: string },
) {
  const response = await sendRoll(app, body, options);
  if (response.statusCode !== 202)
    throw new Error(`expected 202, got ${response.statusCode}: ${response.body}`);
  const { second } = await confirmBySecondAdmin(db, response.json().pendingApproval.id);
  return { response, second };
}
