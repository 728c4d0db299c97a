// Stripe for the browser journeys: tools/fake-stripe (the Stripe-compatible server the
// Rust tests use too) as a process, and its stand-in of Stripe.js served to Chromium in
// place of https://js.stripe.com, which cannot load here.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';

const root = resolve(import.meta.dirname, '../../..');

export interface FakeStripe {
  base: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The intent as Stripe's API answers it. */
  intent: (id: string) => Promise<{ status: string; amount: number }>;
  /** Serves the stand-in of Stripe.js to `context` in place of the real one. */
  standInFor: (context: BrowserContext) => Promise<void>;
  stop: () => Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const binary = join(root, 'target/debug/fake-stripe');
  if (!existsSync(binary)) throw new Error('No fake-stripe: run `cargo build -p fake-stripe` first.');
  const child: ChildProcess = spawn(binary, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<Omit<FakeStripe, 'intent' | 'standInFor' | 'stop'>>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) done(JSON.parse(line) as Omit<FakeStripe, 'intent' | 'standInFor' | 'stop'>);
    });
    child.on('exit', (code) => {
      fail(new Error(`fake-stripe exited with ${String(code)}`));
    });
  });
  return {
    ...ready,
    intent: async (id) => {
      const answer = await fetch(`${ready.base}/v1/payment_intents/${id}`, {
        headers: { Authorization: `Bearer ${ready.secretKey}` },
      });
      return (await answer.json()) as { status: string; amount: number };
    },
    standInFor: async (context) => {
      await context.route(/^https:\/\/js\.stripe\.com\//, async (route) => {
        await route.fulfill({ response: await route.fetch({ url: `${ready.base}/js/v3` }) });
      });
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
