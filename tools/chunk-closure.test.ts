import { describe, expect, it } from 'vitest';
import { routeFiles, type Bundle, type BundleChunk } from './chunk-closure';

function chunk(fileName: string, options: Partial<BundleChunk> & { css?: string[] } = {}): BundleChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: null,
    isEntry: false,
    imports: [],
    ...options,
    viteMetadata: { importedCss: new Set(options.css ?? []) },
  };
}

/** An entry with React and a shared helper; a shell and a page importing some of the same. */
const BUNDLE: Bundle = {
  'index.js': chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/react.js', 'assets/i18n.js'],
    css: ['assets/index.css'],
  }),
  'react.js': chunk('assets/react.js'),
  'i18n.js': chunk('assets/i18n.js'),
  'Shell.js': chunk('assets/Shell.js', {
    facadeModuleId: '/repo/src/web/routes/ShellLayout.tsx',
    imports: ['assets/react.js', 'assets/query.js'],
    css: ['assets/Shell.css'],
  }),
  'Home.js': chunk('assets/Home.js', {
    facadeModuleId: '/repo/src/web/routes/HomeRoute.tsx',
    imports: ['assets/query.js', 'assets/money.js'],
    css: ['assets/home.css', 'assets/index.css'],
  }),
  'query.js': chunk('assets/query.js', { imports: ['assets/i18n.js', 'assets/fields.js'] }),
  'fields.js': chunk('assets/fields.js'),
  'money.js': chunk('assets/money.js', { css: ['assets/money.css'] }),
  'Cards.js': chunk('assets/Cards.js', {
    facadeModuleId: '/repo/src/web/routes/CardsRoute.tsx',
    imports: ['assets/big.js'],
  }),
  'big.js': chunk('assets/big.js'),
  'logo.svg': { type: 'asset' },
};

describe('routeFiles', () => {
  it('names the routes’ chunks, their static imports all the way down and their styles', () => {
    const files = routeFiles(BUNDLE, ['src/web/routes/ShellLayout.tsx', 'src/web/routes/HomeRoute.tsx']);
    expect([...files].sort()).toEqual(
      [
        '/assets/Shell.js',
        '/assets/Home.js',
        '/assets/query.js',
        '/assets/fields.js',
        '/assets/money.js',
        '/assets/Shell.css',
        '/assets/home.css',
        '/assets/money.css',
      ].sort(),
    );
  });

  it('leaves out what the entry loads already, and other routes’ files', () => {
    const files = routeFiles(BUNDLE, ['src/web/routes/HomeRoute.tsx']);
    for (const file of ['/assets/index.js', '/assets/react.js', '/assets/i18n.js', '/assets/index.css']) {
      expect(files).not.toContain(file);
    }
    expect(files).not.toContain('/assets/Cards.js');
    expect(files).not.toContain('/assets/big.js');
  });

  it('refuses a module without a chunk of its own rather than name nothing', () => {
    expect(() => routeFiles(BUNDLE, ['src/web/routes/Renamed.tsx'])).toThrow(/Renamed\.tsx/);
  });
});
