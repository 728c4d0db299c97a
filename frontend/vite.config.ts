import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Where `bikehaat serve` listens by default (README.md, `--addr`). */
const backend = 'http://127.0.0.1:8080';

/**
 * Writes `file.br` and `file.gz` beside every text file of the build: the server sends
 * them as they are (tower-http's precompressed ServeDir), so it never compresses per
 * request and can afford the slowest, smallest settings.
 */
function precompress(): Plugin {
  const TEXT = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
  // Below this a compressed copy saves less than a packet.
  const MIN_BYTES = 1024;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'bikehaat-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => TEXT.test(file))
          .map(async (file) => {
            const path = join(outDir, file);
            const body = await readFile(path);
            if (body.length < MIN_BYTES) return;
            const brotliParams = {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            };
            await Promise.all([
              br(body, { params: brotliParams }).then((out) => writeFile(`${path}.br`, out)),
              gz(body, { level: 9 }).then((out) => writeFile(`${path}.gz`, out)),
            ]);
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // `@/lib/api-client.ts` rather than `../../../lib/api-client.ts` (tsconfig.app.json's `paths`).
    alias: { '@': resolve(import.meta.dirname, 'src') },
  },
  server: {
    proxy: {
      '/api': {
        target: backend,
        ws: true,
        configure: (proxy) => {
          // The server refuses WebSocket handshakes whose Origin is not its own
          // public URL. In development the page's origin is Vite's, and this proxy
          // stands in for the same-origin deployment, so present the server's own.
          proxy.on('proxyReqWs', (proxyReq) => {
            proxyReq.setHeader('origin', backend);
          });
        },
      },
      '/uploads': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
