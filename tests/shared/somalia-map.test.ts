import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOGADISHU_POINT, REGION_LABEL_POINTS } from '@client/generated/somalia-map';
import { REGION_PATHS } from '@client/generated/somalia-map-paths';
import { MAP_REGION_CODES } from '@shared/federal-states';
import { afterAll, describe, expect, it } from 'vitest';

const GENERATED = join(process.cwd(), 'client/src/generated');
const outDir = mkdtempSync(join(tmpdir(), 'codka-map-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('generated Somalia map', () => {
  it('has exactly the 18 region codes, each with a path and a label inside the view box', () => {
    expect(Object.keys(REGION_PATHS).sort()).toEqual([...MAP_REGION_CODES].sort());
    expect(Object.keys(REGION_LABEL_POINTS).sort()).toEqual([...MAP_REGION_CODES].sort());
    for (const code of MAP_REGION_CODES) {
      expect(REGION_PATHS[code], code).toMatch(/^M[\d.]+,[\d.]+L/);
      for (const value of [...REGION_LABEL_POINTS[code], ...MOGADISHU_POINT]) {
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThan(1000);
      }
    }
  });

  it('is generated from the boundary data kept in the repository, the very file its SOURCE.md describes', () => {
    const data = readFileSync(join(process.cwd(), 'data/map/somalia-regions.geojson'));
    const described = readFileSync(join(process.cwd(), 'data/map/SOURCE.md'), 'utf8');
    expect(described).toContain(`sha256 \`${createHash('sha256').update(data).digest('hex')}\``);
  });

  it('is reproduced byte for byte by the generator, with its licence notice', () => {
    execFileSync(process.execPath, ['scripts/generate-map.mjs', '--out-dir', outDir], { stdio: 'pipe' });
    for (const file of ['somalia-map.ts', 'somalia-map-paths.ts', 'DATA-LICENSE']) {
      expect(readFileSync(join(outDir, file), 'utf8'), file).toBe(
        readFileSync(join(GENERATED, file), 'utf8'),
      );
    }
    expect(readFileSync(join(GENERATED, 'DATA-LICENSE'), 'utf8')).toContain(
      'Open Database License (ODbL 1.0)',
    );
  });
});
