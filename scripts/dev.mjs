// `npm run dev`: one process, the server restarting when its code changes (tsx watch), with the site rendered
// from its sources by Vite inside it (server/dev.ts): pages come rendered on the server, as in production, and
// client edits reach the browser as hot updates.
import { spawn } from 'node:child_process';

const child = spawn(
  'npx',
  ['tsx', 'watch', '--clear-screen=false', '--exclude', 'client/**', 'server/dev.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://localhost:3000',
    },
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
