import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// `npm run dev` serves the client on PORT (default 5000) and proxies the API to the watch-mode server on
// API_PORT, so the browser sees one origin, exactly as in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/dev/mailbox': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
