// bKash for the browser journeys: tools/fake-bkash (the bKash-compatible server the Rust
// tests use too) as a process, with the `bikehaat serve` arguments that point the server
// at it. Its checkout page stands where bKash's own would: wallet number, PIN, Confirm.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/** The sandbox wallets' PIN, which the fake's checkout page takes. */
export const BKASH_PIN = '12121';

export interface FakeBkash {
  base: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** The `bikehaat serve` arguments that point the server at this fake. */
  args: () => string[];
  stop: () => Promise<void>;
}

type Ready = Omit<FakeBkash, 'args' | 'stop'>;

export async function startFakeBkash(): Promise<FakeBkash> {
  const binary = join(root, 'target/debug/fake-bkash');
  if (!existsSync(binary)) throw new Error('No fake-bkash: run `cargo build -p fake-bkash` first.');
  const child: ChildProcess = spawn(binary, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<Ready>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) done(JSON.parse(line) as Ready);
    });
    child.on('exit', (code) => {
      fail(new Error(`fake-bkash exited with ${String(code)}`));
    });
  });
  return {
    ...ready,
    args: () => [
      '--bkash-app-key',
      ready.appKey,
      '--bkash-app-secret',
      ready.appSecret,
      '--bkash-username',
      ready.username,
      '--bkash-password',
      ready.password,
      '--bkash-api-base',
      ready.base,
    ],
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
