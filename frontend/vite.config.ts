import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Where `bikehaat serve` listens by default (see DESIGN.md, `--addr`). */
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
