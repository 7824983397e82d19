/**
 * `npm run dev`: the API (reloading on change through tsx watch) and the Vite dev server (hot reload,
 * proxying /api and /sandbox to the API) side by side; Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST: './.tmp/no-dist' },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
