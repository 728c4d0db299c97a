// Starts the real `bikehaat` binary on a port of its choosing with a fresh SQLite data directory,
// serving the built pages in `dist/`, and stops it after the file's journeys.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/** `BIKEHAAT_BIN`, else the debug build `cargo test` leaves behind, else the release build. */
function serverBinary(): string {
  const candidates = [
    process.env.BIKEHAAT_BIN,
    join(root, 'target/debug/bikehaat'),
    join(root, 'target/release/bikehaat'),
  ];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) throw new Error('No bikehaat binary: run `cargo build -p bikehaat` first (or set BIKEHAAT_BIN).');
  return found;
}

export const ADMIN_EMAIL = 'admin@bikehaat.test';

export interface RunningServer {
  /** The site's origin, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Its data directory; mails are written to `outbox/` inside it. */
  dataDir: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Fill the new marketplace with the demo categories and listings (default: no). */
  demo?: boolean;
  /** Sign people in with Firebase, through this Auth emulator. */
  firebase?: { projectId: string; emulatorHost: string };
  /** Take cards through this Stripe-compatible server. */
  stripe?: { base: string; secretKey: string; publishableKey: string; webhookSecret: string };
  /** More `bikehaat serve` arguments, e.g. bKash's (e2e/support/bkash.ts). */
  args?: string[];
  /**
   * Hold a new seller's first listings for an admin's review, as the server does unless
   * told otherwise; journeys not about review list straight away.
   */
  reviewFirstListings?: boolean;
}

/** A plain bike drawing, for listings the journeys make without the demo's pictures. */
const BIKE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240">
<rect width="320" height="240" fill="#eef2f7"/>
<g fill="none" stroke="#1f2937" stroke-width="10">
<circle cx="90" cy="160" r="42"/><circle cx="236" cy="160" r="42"/>
<path d="M90 160 L140 100 L200 100 L236 160 M140 100 L170 160 L200 100 M196 84 L222 84"/>
</g></svg>`;

/** The pictures journeys' listings and categories point at, as the demo would store them. */
async function placePictures(dataDir: string): Promise<void> {
  const uploads = join(dataDir, 'uploads');
  await mkdir(uploads, { recursive: true });
  await writeFile(join(uploads, 'demo-bike-0.svg'), BIKE_SVG);
  await writeFile(join(uploads, 'demo-category-1.svg'), BIKE_SVG);
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dist = join(root, 'frontend/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('No frontend/dist: run `npm run build` first.');
  const dataDir = await mkdtemp(join(tmpdir(), 'bikehaat-e2e-'));
  if (!options.demo) await placePictures(dataDir);
  // Port 0: the server takes a free port and prints the address it serves at.
  const args = ['serve', '--addr', '127.0.0.1:0', '--data-dir', dataDir, '--frontend-dir', dist];
  if (!options.demo) args.push('--no-demo');
  if (!options.reviewFirstListings) args.push('--first-listings-reviewed', '0');
  args.push(...(options.args ?? []));
  // Embedded defaults (SQLite, in-process events), whatever the caller's shell says.
  const external = new Set([
    'DATABASE_URL',
    'REDIS_URL',
    'BIKEHAAT_PUBLIC_URL',
    'JWT_SECRET',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_API_KEY',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
    'BIKEHAAT_TEST_PAYMENTS',
    'BKASH_APP_KEY',
    'BKASH_APP_SECRET',
    'BKASH_USERNAME',
    'BKASH_PASSWORD',
    'BKASH_API_BASE',
    'FIRST_LISTINGS_REVIEWED',
  ]);
  const inherited = Object.entries(process.env).filter(([name]) => !external.has(name));
  const env: Record<string, string | undefined> = {
    ...Object.fromEntries(inherited),
    ADMIN_EMAILS: ADMIN_EMAIL,
    RUST_LOG: 'warn',
  };
  if (options.firebase) {
    env.FIREBASE_PROJECT_ID = options.firebase.projectId;
    env.FIREBASE_API_KEY = 'emulator-api-key';
    env.FIREBASE_AUTH_EMULATOR_HOST = options.firebase.emulatorHost;
  }
  if (options.stripe) {
    env.STRIPE_SECRET_KEY = options.stripe.secretKey;
    env.STRIPE_PUBLISHABLE_KEY = options.stripe.publishableKey;
    env.STRIPE_WEBHOOK_SECRET = options.stripe.webhookSecret;
    env.STRIPE_API_BASE = options.stripe.base;
  }
  const child: ChildProcess = spawn(serverBinary(), args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`bikehaat did not start within 30 s:\n${log}`));
    }, 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bikehaat exited with ${String(code)}:\n${log}`));
    });
  });

  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
