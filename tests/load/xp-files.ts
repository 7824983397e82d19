import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { signInDemo } from './bench-kit';
import { CHROMIUM } from './page-weight';
import { startServer } from './server-process';
async function main() {
  const server = await startServer({ port: 8389, dataDir: '.tmp/xp-pages' });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const token = await signInDemo(server.url);
    const info = (await (await fetch(`${server.url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown };
    const storage = { access_token: token, refresh_token: 'bench', access_overtime: JSON.stringify(Date.now() + 3_600_000), userInfo: JSON.stringify(info.data) };
    for (const [name, path, st] of [['signin', '/#/', null], ['home', '/#/home', storage]] as const) {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await ctx.newPage();
      await page.route('**/api/live', (r) => r.abort());
      if (st) { await page.goto(`${server.url}/api/health`); await page.evaluate((items: Record<string,string>) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }, st); }
      const files: Promise<[string, number]>[] = [];
      page.on('response', (r) => { if (r.request().resourceType() === 'script') files.push(r.body().then((b) => [r.url().split('/').pop()!, gzipSync(b).length / 1024])); });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      const all = (await Promise.all(files)).sort((a, b) => b[1] - a[1]);
      console.log(name, all.reduce((s, f) => s + f[1], 0).toFixed(1), all.map(([f, k]) => `${f} ${k.toFixed(1)}`).join('\n  '));
      await ctx.close();
    }
  } finally { await browser.close(); await server.stop(); }
}
main().catch((e) => { console.error(e); process.exit(1); });
