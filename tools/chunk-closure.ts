/**
 * The files a lazy route needs before it can render: its chunk, every chunk it imports statically,
 * transitively, and their stylesheets — less what the entry already loads. vite.config.ts names
 * those of the signed-in home page on the boot script's tag, so that a signed-in start fetches them
 * beside the entry instead of after it (boot.ts, docs/benchmarks.md "The home page's first paint").
 */

/** The little of a bundler's output chunk this reads. */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export type Bundle = Record<string, BundleChunk | { type: 'asset' }>;

function chunks(bundle: Bundle): BundleChunk[] {
  return Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
}

/** The file names of `start` and everything it imports statically, transitively. */
function staticImports(bundle: Bundle, start: BundleChunk[]): Set<string> {
  const byName = new Map(chunks(bundle).map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const queue = start.map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(byName.get(name)?.imports ?? []));
  }
  return seen;
}

/**
 * Absolute paths of the scripts and stylesheets the chunks of the given modules (source paths, as
 * their ends: 'src/web/routes/HomeRoute.tsx') need, that the entry does not load already.
 * Throws when a module has no chunk of its own: a renamed page must not silently preload nothing.
 */
export function routeFiles(bundle: Bundle, modules: readonly string[]): string[] {
  const all = chunks(bundle);
  const routes = modules.map((module) => {
    const chunk = all.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
    if (!chunk) throw new Error(`no chunk of its own for ${module}`);
    return chunk;
  });
  const byName = new Map(all.map((chunk) => [chunk.fileName, chunk]));
  const atStart = staticImports(
    bundle,
    all.filter((chunk) => chunk.isEntry),
  );
  const scripts = [...staticImports(bundle, routes)].filter((name) => !atStart.has(name));
  const styles = new Set(scripts.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]));
  for (const name of atStart)
    for (const css of byName.get(name)?.viteMetadata?.importedCss ?? []) styles.delete(css);
  return [...scripts, ...styles].map((name) => `/${name}`);
}
