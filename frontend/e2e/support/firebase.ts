// The Firebase Auth emulator from firebase-tools (installed in e2e/firebase/, apart from
// the app's packages), on free ports, for the journeys that sign in with Firebase. It
// runs offline: the UI, the only part it would download, is off.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const cli = resolve(import.meta.dirname, '../firebase/node_modules/firebase-tools/lib/bin/firebase.js');

/** A "demo-" project needs no Google account and never reaches Google. */
export const PROJECT_ID = 'demo-bikehaat';

export interface OobCode {
  email: string;
  oobCode: string;
  /** VERIFY_EMAIL or PASSWORD_RESET, for the mails our pages send. */
  requestType: string;
}

export interface AuthEmulator {
  /** host:port, as the server and the page are given it. */
  host: string;
  /** The codes Firebase would have mailed to `email`, oldest first. */
  mailedCodes: (email: string, requestType: string) => Promise<string[]>;
  /** Signs in with Firebase's REST API: its ID token, or null when the password does not work. */
  signIn: (email: string, password: string) => Promise<string | null>;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('no port'));
      });
    });
  });
}

export async function startAuthEmulator(): Promise<AuthEmulator> {
  if (!existsSync(cli)) {
    throw new Error('No firebase-tools: run `npm ci --prefix frontend/e2e/firebase` first.');
  }
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = await mkdtemp(join(tmpdir(), 'bikehaat-firebase-'));
  const config = join(dir, 'firebase.json');
  await writeFile(
    config,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config],
    // Its own process group, so stopping it stops everything it started.
    { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const host = `127.0.0.1:${String(auth)}`;
  const base = `http://${host}`;

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited:\n${log}`);
    if (Date.now() - started > 60_000) throw new Error(`The Auth emulator did not start within 60 s:\n${log}`);
    try {
      const answer = await fetch(`${base}/`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }

  return {
    host,
    mailedCodes: async (email, requestType) => {
      const answer = await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
      const { oobCodes } = (await answer.json()) as { oobCodes: OobCode[] };
      return oobCodes
        .filter((code) => code.email === email && code.requestType === requestType)
        .map((code) => code.oobCode);
    },
    signIn: async (email, password) => {
      const answer = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      return answer.ok ? ((await answer.json()) as { idToken: string }).idToken : null;
    },
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((done) => child.once('exit', done));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
