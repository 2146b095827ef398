// Configuration rules that protect a real deployment: what production needs before it serves.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const serving = { serving: true };

/** Starts the server with only this environment (and a data dir that does not exist); its exit code and output. */
async function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent-data-dir', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

describe('a production server', () => {
  it('needs SMTP_URL, APP_URL and TWO_STEP_KEY, and the message names each one missing', () => {
    const run = () => loadConfig({ NODE_ENV: 'production' }, serving);
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/SMTP_URL/);
    expect(run).toThrow(/APP_URL/);
    expect(run).toThrow(/TWO_STEP_KEY/);
    const all = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:587',
      APP_URL: 'https://homefix.example',
      TWO_STEP_KEY: KEY,
    };
    for (const left of ['SMTP_URL', 'APP_URL', 'TWO_STEP_KEY'] as const) {
      const missing = () => loadConfig({ ...all, [left]: '' }, serving);
      expect(missing).toThrow(new RegExp(`needs these variables set:\\n  ${left}:`));
    }
    expect(loadConfig(all, serving).isProduction).toBe(true);
  });

  it('is the only one held to that: development, tests and the scripts run without them', () => {
    expect(() => loadConfig({}, serving)).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });

  it('refuses to start: the process exits with the message before opening anything', async () => {
    const { code, output } = await startServer({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toMatch(/NODE_ENV=production needs/);
    expect(output).toMatch(/SMTP_URL/);
    expect(output).toMatch(/APP_URL/);
    expect(output).toMatch(/TWO_STEP_KEY/);
  });
});

const KEY = 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=';

describe('TWO_STEP_KEY (decision 0031)', () => {
  it('takes 32 bytes as base64 or hex, or a comma list of them, the key that seals first', () => {
    expect(loadConfig({}).TWO_STEP_KEY).toBeUndefined();
    const [key] = loadConfig({ TWO_STEP_KEY: KEY }).TWO_STEP_KEY!;
    expect(key!.toString('base64')).toBe(KEY);
    const hex = 'ab'.repeat(32);
    const list = loadConfig({ TWO_STEP_KEY: `${hex}, ${KEY}` }).TWO_STEP_KEY!;
    expect(list.map((k) => k.toString('hex'))).toEqual([hex, Buffer.from(KEY, 'base64').toString('hex')]);
  });

  it.each([
    ['too short', 'c2hvcnQ='],
    ['31 bytes of hex', 'ab'.repeat(31)],
    ['a passphrase', 'correct horse battery staple and more words'],
    ['one good key and a bad one', `${KEY},nope`],
  ])('stops the boot on %s, naming the variable and what it takes', (_name, value) => {
    const run = () => loadConfig({ TWO_STEP_KEY: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/TWO_STEP_KEY: expected 32 random bytes as base64/);
  });
});

describe('ADMIN_TWO_STEP (decision 0028)', () => {
  it('is optional unless set, and takes optional or required', () => {
    expect(loadConfig({}).ADMIN_TWO_STEP).toBe('optional');
    expect(loadConfig({ ADMIN_TWO_STEP: '' }).ADMIN_TWO_STEP).toBe('optional');
    expect(loadConfig({ ADMIN_TWO_STEP: 'optional' }).ADMIN_TWO_STEP).toBe('optional');
    expect(loadConfig({ ADMIN_TWO_STEP: 'required' }).ADMIN_TWO_STEP).toBe('required');
  });

  it.each(['true', 'yes', 'Required', 'admins', 'on'])(
    'stops the boot on %j, naming the variable and its values',
    (value) => {
      const run = () => loadConfig({ ADMIN_TWO_STEP: value });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(/ADMIN_TWO_STEP: expected optional or required/);
    },
  );

  it('refuses to start the server with a wrong value: the process exits with the message', async () => {
    const { code, output } = await startServer({ ADMIN_TWO_STEP: 'always' });
    expect(code).toBe(1);
    expect(output).toMatch(/ADMIN_TWO_STEP: expected optional or required/);
  });
});
