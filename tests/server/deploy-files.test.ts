import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readEnvFile } from '@server/cli/env-file';
import { runCli } from '@server/cli/main';
import { checkoutRuntime } from '@server/cli/runtime';
import { parseEnv } from '@server/env';
import { MAX_IMAGE_BYTES } from '@server/http/candidate-images';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../helpers/security/server-process';

// The files docs/deploy.md tells the operator to install: they must agree with each other and with Codka.
const deploy = (name: string) => join(REPO_ROOT, 'deploy', name);
const read = (name: string) => readFileSync(deploy(name), 'utf8');
const env = parseEnv(readEnvFile(deploy('codka.env')));
const host = new URL(env.PUBLIC_ORIGIN).hostname;
const folder = mkdtempSync(join(tmpdir(), 'codka-deploy-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `codka ...` command lines of a unit file, as argument lists after the executable. */
function codkaCommands(unit: string): string[][] {
  return [...read(unit).matchAll(/^Exec\w+=\/usr\/local\/bin\/codka (.+)$/gm)].map((match) =>
    String(match[1]).split(' '),
  );
}

describe('deploy/ files', () => {
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('codka.env is a production configuration behind a local proxy', () => {
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      SEED_DEMO: false,
      STAFF_TWO_FACTOR: 'required',
      HOST: '127.0.0.1',
      TRUST_PROXY: ['127.0.0.1'],
    });
    expect(env.PUBLIC_ORIGIN).toMatch(/^https:\/\//);
  });

  it('the proxies forward the site to where Codka listens', () => {
    const caddy = read('Caddyfile');
    expect(caddy).toContain(`${host} {`);
    expect(caddy).toContain(`reverse_proxy ${env.HOST}:${env.PORT}`);
    const nginx = read('nginx-codka.conf');
    expect(nginx).toContain(`server_name ${host};`);
    expect(nginx).toContain(`proxy_pass http://${env.HOST}:${env.PORT};`);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    const bodyLimit = Number(/client_max_body_size (\d+)m;/.exec(nginx)?.[1]) * 1024 * 1024;
    expect(bodyLimit).toBeGreaterThan(MAX_IMAGE_BYTES);
  });

  it('the units write only to the data folder, which holds the database, uploads and backups', () => {
    const dataFolder = dirname(env.DATABASE_PATH);
    for (const unit of ['codka.service', 'codka-backup.service']) {
      const text = read(unit);
      expect(text).toContain(`ReadWritePaths=${dataFolder}\n`);
      expect(text).toContain('ProtectSystem=strict');
      expect(text).toContain('NoNewPrivileges=yes');
      // The system-call filter and user namespace walked on Debian 12 (scripts/vm/walk-deploy.sh).
      expect(text).toContain('SystemCallFilter=@system-service\nSystemCallFilter=~@privileged\n');
      expect(text).toContain('PrivateUsers=yes');
    }
    expect(env.UPLOADS_DIR.startsWith(`${dataFolder}/`)).toBe(true);
    expect(read('codka.service')).toMatch(/^ExecStartPre=\/usr\/local\/bin\/codka check /m);
    expect(read('codka.service')).toContain('Restart=on-failure');
    expect(read('litestream.yml')).toContain(`path: ${env.DATABASE_PATH}\n`);
  });

  it("the units' codka command lines are valid (commands, flags, the env file)", async () => {
    const commands = [...codkaCommands('codka.service'), ...codkaCommands('codka-backup.service')];
    expect(commands.map((args) => args[0])).toEqual(['check', 'serve', 'backup']);
    for (const args of commands) {
      const local = args.map((arg) => (arg === '/etc/codka/codka.env' ? deploy('codka.env') : arg));
      expect(await runCli([...local, '--help'], checkoutRuntime()), args.join(' ')).toBe(0);
    }
  });

  it('systemd accepts the unit files', () => {
    if (!existsSync('/usr/bin/systemd-analyze')) {
      // A machine without systemd: the checks above are what remains.
      expect(read('codka.service')).toContain('[Install]');
      return;
    }
    const stub = join(folder, 'codka');
    writeFileSync(stub, '#!/bin/sh\n', { mode: 0o755 });
    const units = ['codka.service', 'codka-backup.service', 'codka-backup.timer'].map((unit) => {
      const copy = join(folder, unit);
      if (unit.endsWith('.timer')) copyFileSync(deploy(unit), copy);
      else writeFileSync(copy, read(unit).replaceAll('/usr/local/bin/codka', stub));
      return copy;
    });
    const output = execFileSync('systemd-analyze', ['verify', ...units], { encoding: 'utf8', stdio: 'pipe' });
    expect(output).toBe('');
  });
});
