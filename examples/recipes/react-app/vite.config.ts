import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development, Vite's server forwards the API (HTTP and WebSocket) to the platform, so the
// page and the API share one origin, as the proxy recipe does in production.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/graphql': { target: process.env['MATCHKIT_API'] ?? 'http://127.0.0.1:3000', ws: true } },
  },
});
