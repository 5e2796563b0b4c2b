import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

export default defineConfig(({ isSsrBuild }) => ({
  // The production server bundle starts from our Hono entry, which imports the
  // React Router build: one bundle, one copy of every server module.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : { target: 'es2022' },
  esbuild: { target: 'es2022' },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  server: { port: Number(process.env.PORT ?? 3000) },
}));
