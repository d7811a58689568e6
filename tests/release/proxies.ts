import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/security/server-process';

/** The site's name in deploy/, which the test resolves to this machine as DNS would on the VM. */
export const SITE = 'codka.example.so';

/** Debian puts nginx in /usr/sbin, which a non-root user's PATH may lack. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface RunningProxy {
  name: 'nginx' | 'Caddy';
  child: ChildProcess;
  httpPort: number;
  httpsPort: number;
  /** The certificate (nginx) or local CA root (Caddy) a client checks the site's certificate against. */
  ca: () => Buffer;
  output: () => string;
}

/** Replaces `from` in a deploy file, failing loudly if the file no longer holds it (the test would drift). */
function substitute(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the deploy file no longer contains "${from}": update this test`);
  return text.replaceAll(from, to);
}

function started(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Pick<RunningProxy, 'child' | 'output'> {
  // A missing proxy fails the suite with the command that installs it (.ci/run does), never a skip.
  const found = command.startsWith('/') ? existsSync(command) : spawnSync('which', [command]).status === 0;
  if (!found)
    throw new Error(
      `${command} is missing: the proxy tests need it. Run: apt-get install -y ${command.split('/').at(-1)}`,
    );
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.on('error', (error) => (output += `\n${error.message}`));
  return { child, output: () => output };
}

/** A self-signed certificate for the site, as certbot's fullchain.pem and privkey.pem would be. */
export function selfSignedCertificate(folder: string): { cert: string; key: string } {
  const cert = join(folder, 'fullchain.pem');
  const key = join(folder, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${SITE}`,
      '-addext',
      `subjectAltName=DNS:${SITE}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/**
 * nginx with deploy/nginx-codka.conf as written, except what only a test may change: the listening ports, the
 * upstream's port, the certificate's paths (a self-signed certificate instead of certbot's). The wrapper
 * around it stands in for Debian's /etc/nginx/nginx.conf (pid, logs and temporary files in the test's folder,
 * in the foreground as the test's child, with its own -p prefix).
 */
export function startNginx(
  folder: string,
  ports: { http: number; https: number; codka: number },
): RunningProxy {
  const prefix = join(folder, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const { cert, key } = selfSignedCertificate(prefix);
  let site = readFileSync(join(REPO_ROOT, 'deploy', 'nginx-codka.conf'), 'utf8');
  site = substitute(site, 'listen 80;', `listen ${ports.http};`);
  site = substitute(site, 'listen [::]:80;', `listen [::]:${ports.http};`);
  site = substitute(site, 'listen 443 ', `listen ${ports.https} `);
  site = substitute(site, 'listen [::]:443 ', `listen [::]:${ports.https} `);
  site = substitute(site, 'http://127.0.0.1:3000;', `http://127.0.0.1:${ports.codka};`);
  site = substitute(site, `/etc/letsencrypt/live/${SITE}/fullchain.pem`, cert);
  site = substitute(site, `/etc/letsencrypt/live/${SITE}/privkey.pem`, key);
  writeFileSync(join(prefix, 'codka.conf'), site);
  // As root, workers would run as nobody and could not write the request-body files in the test's folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${user}daemon off;\nworker_processes 1;\npid ${join(prefix, 'nginx.pid')};\n` +
      `error_log ${join(prefix, 'error.log')} warn;\nevents { worker_connections 64; }\n` +
      `http {\n  access_log ${join(prefix, 'access.log')};\n${temp}\n  include ${join(prefix, 'codka.conf')};\n}\n`,
  );
  const args = ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')];
  const run = started(NGINX, args, process.env);
  const log = () =>
    `${run.output()}${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`;
  return {
    name: 'nginx',
    ...run,
    output: log,
    httpPort: ports.http,
    httpsPort: ports.https,
    ca: () => readFileSync(cert),
  };
}

/**
 * Caddy with deploy/Caddyfile as written, its upstream's port changed, behind a test-only global block: a
 * local CA instead of Let's Encrypt (not installed into the system's trust), no admin endpoint, the test's
 * ports, and its certificates stored in the test's folder.
 */
export function startCaddy(
  folder: string,
  ports: { http: number; https: number; codka: number },
): RunningProxy {
  const home = join(folder, 'caddy');
  mkdirSync(home, { recursive: true });
  const storage = join(home, 'data');
  const site = substitute(
    readFileSync(join(REPO_ROOT, 'deploy', 'Caddyfile'), 'utf8'),
    'reverse_proxy 127.0.0.1:3000',
    `reverse_proxy 127.0.0.1:${ports.codka}`,
  );
  const global = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n\tstorage file_system ${storage}\n}\n\n`;
  const file = join(home, 'Caddyfile');
  writeFileSync(file, global + site);
  const env = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home };
  const run = started('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], env);
  const ca = () => readFileSync(join(storage, 'pki', 'authorities', 'local', 'root.crt'));
  return { name: 'Caddy', ...run, httpPort: ports.http, httpsPort: ports.https, ca };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The site's name resolves to this machine, as the VM's DNS record would make it. */
const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/**
 * A request to https://codka.example.so (or http:// with `plain`) through a proxy, checking the certificate
 * against the proxy's CA. `from` is the client's own address (any 127.x.x.x), so the test can be two clients.
 */
export function visit(
  proxy: RunningProxy,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    from?: string;
    plain?: boolean;
  } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers = {
    host: SITE,
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...options.headers,
  };
  const common = { host: SITE, path, method: options.method ?? 'GET', headers, lookup: toLoopback };
  const local = options.from ? { localAddress: options.from } : {};
  return new Promise((resolve, reject) => {
    const onAnswer = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    };
    const request = options.plain
      ? http.request({ ...common, ...local, port: proxy.httpPort }, onAnswer)
      : https.request(
          { ...common, ...local, port: proxy.httpsPort, servername: SITE, ca: proxy.ca(), agent: false },
          onAnswer,
        );
    request.setTimeout(15_000, () =>
      request.destroy(new Error(`${proxy.name}: no answer to ${path} in 15 s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Waits until the proxy answers /healthz over TLS (Caddy issues its certificate just after starting). */
export async function proxyReady(proxy: RunningProxy): Promise<Answer> {
  const started = performance.now();
  for (;;) {
    if (proxy.child.exitCode !== null) throw new Error(`${proxy.name} exited:\n${proxy.output()}`);
    try {
      return await visit(proxy, '/healthz');
    } catch (error) {
      if (performance.now() - started > 20_000)
        throw new Error(`${proxy.name}: no TLS answer within 20 s (${error}):\n${proxy.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function stoppedProxy(proxy: RunningProxy): Promise<void> {
  if (proxy.child.exitCode !== null || proxy.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => proxy.child.kill('SIGKILL'), 5_000);
    proxy.child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    proxy.child.kill('SIGTERM');
  });
}
