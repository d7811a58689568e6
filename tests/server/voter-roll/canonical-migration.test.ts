import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@server/cli/main';
import { checkoutRuntime } from '@server/cli/runtime';
import { closeDb, createDb, MIGRATIONS_FOLDER, migrateDb } from '@server/db/client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'codka-canonical-cards-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The migrations as they were before the canonical-card one: a roll written by the app of that time. */
function migrationsBeforeCanonicalCards(): string {
  const before = join(folder, 'before');
  mkdirSync(join(before, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
  const at = journal.entries.findIndex((entry: { tag: string }) =>
    entry.tag.endsWith('_canonical_voter_cards'),
  );
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const file of readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')))
    copyFileSync(join(MIGRATIONS_FOLDER, file), join(before, file));
  return before;
}

describe('the canonical-card migration', () => {
  it('converts every card to its canonical form and reports two spellings of one card instead of merging them', async () => {
    const path = join(folder, 'roll.db');
    const db = createDb(path);
    migrateDb(db, migrationsBeforeCanonicalCards());
    db.$client
      .prepare(
        "INSERT INTO districts (id, name, code, region, created_at) VALUES ('d1', 'Hodan', 'BN-HOD', 'Banadir', 0)",
      )
      .run();
    const insert = db.$client.prepare(
      "INSERT INTO voters (id, voter_card_number, full_name, district_id, status, source, created_at, updated_at) VALUES (?, ?, ?, 'd1', 'enrolled', 'import', 0, 0)",
    );
    // One card on the roll twice, as the desk and the import of that time let it in.
    insert.run('v1', 'SO-2026-000123', 'Hodan Cali');
    insert.run('v2', 'SO2026OOO123', 'Hodan Cali Warsame');
    // Cards with no twin.
    insert.run('v3', 'SO-2026-000124', 'Axmed Warsame');
    insert.run('v4', 'AB12LI', 'Faadumo Xasan');
    insert.run('v5', 'S0202600125', 'Already Canonical');

    migrateDb(db);
    const cards = Object.fromEntries(
      (
        db.$client.prepare('SELECT id, voter_card_number AS card FROM voters').all() as {
          id: string;
          card: string;
        }[]
      ).map((row) => [row.id, row.card]),
    );
    expect(cards).toEqual({
      v1: 'SO-2026-000123',
      v2: 'SO2026OOO123',
      v3: 'S02026000124',
      v4: 'AB1211',
      v5: 'S0202600125',
    });
    expect(
      db.$client
        .prepare('SELECT voter_id, voter_card_number, canonical FROM voter_card_collisions ORDER BY voter_id')
        .all(),
    ).toEqual([
      { voter_id: 'v1', voter_card_number: 'SO-2026-000123', canonical: 'S02026000123' },
      { voter_id: 'v2', voter_card_number: 'SO2026OOO123', canonical: 'S02026000123' },
    ]);
    closeDb(db);

    // `codka check` names it for the operator.
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(String(text)));
    vi.stubEnv('DATABASE_PATH', path);
    vi.stubEnv('UPLOADS_DIR', join(folder, 'uploads'));
    expect(await runCli(['check'], checkoutRuntime())).toBe(0);
    expect(printed.join('\n')).toMatch(
      /WARN {2}voter cards: 1 card\(s\) entered twice in different spellings, not merged: S02026000123 \(.*SO-2026-000123.*\)/,
    );
  });
});
