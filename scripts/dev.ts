// `npm run dev`: the API server in watch mode on API_PORT and Vite with hot reload on PORT, which proxies
// the API, so the browser sees one origin. Ctrl+C stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
const host = process.env.HOST ?? '127.0.0.1';
// The browser's origin is Vite's, and the API accepts state-changing requests only from APP_URL's origin (and,
// on loopback, its other loopback spellings), so APP_URL is Vite's address; listening on every interface
// still means 127.0.0.1 for the browser on this machine (set APP_URL to use another address).
const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
// The API listens on loopback, but Vite proxies /dev/mailbox to whoever reaches Vite: when Vite is reachable
// beyond this machine, the mailbox (every reset link) is off unless DEV_MAILBOX says otherwise.
const viteOnLoopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
const env = {
  ...process.env,
  NODE_ENV: 'development',
  API_PORT: apiPort,
  APP_URL: process.env.APP_URL ?? `http://${publicHost}:${port}`,
  ...(viteOnLoopback || process.env.DEV_MAILBOX ? {} : { DEV_MAILBOX: 'false' }),
};

const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/server/main.ts'],
    {
      env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
      stdio: 'inherit',
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    env: { ...env, PORT: port, HOST: host },
    stdio: 'inherit',
  }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
