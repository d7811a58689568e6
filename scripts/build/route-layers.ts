import { dirname, resolve } from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { parseSync, type Rolldown } from 'vite';
import routes from '../../client/src/routes';

/**
 * The browser's chunks by layer of the route tree (vite.config.ts). Left to itself, the bundler gives each set of
 * route modules that shares a module a chunk of its own: it cannot know that some route modules are always loaded
 * together, the root with every page and a frame (a layout route) with every page under it. The landing page came
 * in 68 scripts, a third of them under 500 bytes, each a request, a module to compile and link.
 *
 * A layer's chunk holds what its route modules import statically and no page outside the layer ever loads: the
 * root's layer is every page's; the site's frames are every page's but the admin console's; the console's frame is
 * its pages'. No page downloads a byte more than before, and what a page loads on demand (React.lazy) stays apart.
 */
const APP = resolve('client/src');

interface Layer {
  /** The chunk's name; the console's starts with the name the service worker leaves out (vite.config.ts). */
  name: string;
  /** Route modules of the layer (or the browser's entry), always loaded together with every route below them. */
  files: string[];
}

function routeLayers(consolePrefix: string): Layer[] {
  return [
    { name: 'frame', files: ['root.tsx', 'entry.client.tsx'] },
    { name: 'site', files: ['frames/site.tsx', 'frames/pages.tsx'] },
    { name: `${consolePrefix}frame`, files: ['frames/admin.tsx'] },
  ];
}

type ModuleInfo = (id: string) => Rolldown.ModuleInfo | null;

/** What a module asks of another: some of its exports by name, or all of it. */
type Wanted = ReadonlySet<string> | 'all';

type Parsed = ReturnType<typeof parseSync>;

/** The name an import or re-export asks for ('all' for a namespace, a side effect or a star). */
function askedName(name: { kind: string; name: string | null }): string {
  if (name.kind === 'Name' && name.name !== null) return name.name;
  if (name.kind === 'Default') return 'default';
  return 'all';
}

/**
 * The module graph near enough to what the bundler keeps after tree shaking: a package's index that only
 * re-exports (Mantine's, Tabler's icons) leads only to the modules that give what its importer asks of it.
 * Following every import of such an index would put the whole library in the root's layer, since the root takes
 * one component from it.
 */
class ImportGraph {
  private readonly parsed = new Map<string, Parsed | null>();

  constructor(private readonly info: ModuleInfo) {}

  private parse(id: string): Parsed | null {
    if (!this.parsed.has(id)) {
      const code = this.info(id)?.code;
      this.parsed.set(id, code ? parseSync(id, code) : null);
    }
    return this.parsed.get(id) ?? null;
  }

  /** A package's module made only of imports and re-exports: the bundler keeps no code of it. */
  isBarrel(id: string): boolean {
    if (!/[\\/]node_modules[\\/]/.test(id)) return false;
    const parsed = this.parse(id);
    if (!parsed) return false;
    return parsed.program.body.every(
      (node) =>
        node.type === 'ImportDeclaration' ||
        node.type === 'ExportAllDeclaration' ||
        (node.type === 'ExportNamedDeclaration' && node.declaration === null),
    );
  }

  /** The module `request` resolved to, among the importer's static imports (undefined when unsure). */
  private resolved(importer: string, request: string): string | undefined {
    const imported = this.info(importer)?.importedIds ?? [];
    if (request.startsWith('.')) {
      const path = resolve(dirname(importer), request);
      return imported.find((id) => id === path);
    }
    const name = request
      .split('/')
      .slice(0, request.startsWith('@') ? 2 : 1)
      .join('/');
    const inPackage = imported.filter((id) => id.includes(`/node_modules/${name}/`));
    if (inPackage.length === 1) return inPackage[0];
    return request === name ? inPackage.find((id) => this.isBarrel(id)) : undefined;
  }

  /** The static imports of `id`, each with what `id` asks of it; of a barrel, only what `wanted` needs. */
  private imports(id: string, wanted: Wanted): [string, Wanted][] {
    const found = new Map<string, Set<string> | 'all'>();
    const want = (target: string, name: string) => {
      const before = found.get(target);
      if (before === 'all') return;
      found.set(target, name === 'all' ? 'all' : new Set([...(before ?? []), name]));
    };
    const module = this.parse(id)?.module;
    if (module && wanted !== 'all' && this.isBarrel(id)) {
      const entries = module.staticExports.flatMap((statement) => statement.entries);
      for (const name of wanted) {
        const given = entries.filter((entry) => (entry.exportName.name ?? 'default') === name);
        // A name no re-export gives by name comes from the `export *`s.
        const from =
          given.length > 0 ? given : entries.filter((entry) => entry.importName.kind === 'AllButDefault');
        for (const entry of from) {
          const target = entry.moduleRequest ? this.resolved(id, entry.moduleRequest.value) : undefined;
          if (target)
            want(target, entry.importName.kind === 'AllButDefault' ? name : askedName(entry.importName));
        }
      }
      return [...found];
    }
    const asked = [
      ...(module?.staticImports ?? []).map((statement) => ({
        request: statement.moduleRequest.value,
        names: statement.entries.map((entry) => askedName(entry.importName)),
      })),
      ...(module?.staticExports ?? []).flatMap((statement) =>
        statement.entries.map((entry) => ({
          request: entry.moduleRequest?.value,
          names: [askedName(entry.importName)],
        })),
      ),
    ];
    for (const { request, names } of asked) {
      const target = request ? this.resolved(id, request) : undefined;
      if (!target || !this.isBarrel(target)) continue;
      for (const name of names.length > 0 ? names : ['all']) want(target, name);
    }
    // Every other import (and a barrel imported in a way the parse did not show): all of it.
    for (const target of this.info(id)?.importedIds ?? []) if (!found.has(target)) want(target, 'all');
    return [...found];
  }

  /** What `starts` reach through static imports (and dynamic ones, when asked). */
  reached(starts: string[], dynamic: boolean): Set<string> {
    const seen = new Map<string, Set<string> | 'all'>();
    const pending: [string, Wanted][] = starts.map((id) => [id, 'all']);
    while (pending.length > 0) {
      const [id, wanted] = pending.pop() as [string, Wanted];
      const before = seen.get(id);
      if (before === 'all') continue;
      const fresh: Wanted =
        wanted === 'all' ? 'all' : new Set([...wanted].filter((name) => !before?.has(name)));
      if (fresh !== 'all' && fresh.size === 0) continue;
      seen.set(id, fresh === 'all' ? 'all' : new Set([...(before ?? []), ...fresh]));
      pending.push(...this.imports(id, fresh));
      if (dynamic)
        for (const target of this.info(id)?.dynamicallyImportedIds ?? []) pending.push([target, 'all']);
    }
    return new Set(seen.keys());
  }

  /** The modules `id` imports statically and uses (through a barrel, the modules behind it). */
  uses(id: string): string[] {
    const used = new Set<string>();
    const pending = this.imports(id, 'all');
    while (pending.length > 0) {
      const [target, wanted] = pending.pop() as [string, Wanted];
      if (this.isBarrel(target)) pending.push(...this.imports(target, wanted));
      else used.add(target);
    }
    return [...used];
  }
}

/** A route module with the route modules under it. */
interface RouteNode {
  file: string;
  children: RouteNode[];
}

function routeTree(entries: RouteConfigEntry[]): RouteNode[] {
  return entries.map((entry) => ({ file: entry.file, children: routeTree(entry.children ?? []) }));
}

/**
 * What every page under `node` loads whatever the page: what the node's module imports statically, and what every
 * one of its children always loads (each page under it is under one of them).
 */
function alwaysLoaded(node: RouteNode, graph: ImportGraph, memo: Map<RouteNode, Set<string>>): Set<string> {
  const known = memo.get(node);
  if (known) return known;
  const own = graph.reached([resolve(APP, node.file)], false);
  const [first, ...rest] = node.children.map((child) => alwaysLoaded(child, graph, memo));
  const shared = first ? [...first].filter((id) => rest.every((set) => set.has(id))) : [];
  const always = new Set([...own, ...shared]);
  memo.set(node, always);
  return always;
}

/** The route nodes in `nodes` and under them, each with the nodes above it. */
function walk(nodes: RouteNode[], above: RouteNode[] = []): [RouteNode, RouteNode[]][] {
  return nodes.flatMap((node) => [
    [node, above] as [RouteNode, RouteNode[]],
    ...walk(node.children, [...above, node]),
  ]);
}

/**
 * Each module's layer, from the bundler's module graph. A layer takes what every page under it always loads and
 * no page outside it ever loads (its own module's imports, and what all its children share). The bundler puts
 * what a chunk's modules import into the same chunk (unless another group has it): so a module whose imports
 * reach outside its layer stays out of it too, or it would carry a page outside the layer into the layer's chunk.
 */
function assignLayers(
  layers: Layer[],
  graph: ImportGraph,
  claimed: (id: string) => boolean,
): Map<string, string> {
  const root: RouteNode = { file: 'root.tsx', children: routeTree(routes) };
  const nodes = walk([root]);
  const memo = new Map<RouteNode, Set<string>>();
  const owner = new Map<string, string>();
  for (const layer of layers) {
    const [top] = nodes.find(([node]) => node.file === layer.files[0]) ?? [];
    if (!top) throw new Error(`route-layers: ${layer.files[0]} is not in client/src/routes.ts`);
    const own = new Set(layer.files.map((file) => resolve(APP, file)));
    const always = new Set([...alwaysLoaded(top, graph, memo), ...graph.reached([...own], false)]);
    // Route modules neither in the layer nor below it, and what the layers above load on demand.
    const outside = nodes
      .filter(([node, above]) => node !== top && !above.includes(top))
      .map(([node]) => resolve(APP, node.file));
    const elsewhere = top === root ? new Set<string>() : graph.reached(outside, true);
    const members = new Set(
      [...always].filter(
        (id) => !owner.has(id) && !claimed(id) && !elsewhere.has(id) && !own.has(id) && !graph.isBarrel(id),
      ),
    );
    const settled = (id: string) => members.has(id) || owner.has(id) || claimed(id);
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of members) {
        if (graph.uses(id).every(settled)) continue;
        members.delete(id);
        changed = true;
      }
    }
    for (const id of members) owner.set(id, layer.name);
  }
  return owner;
}

/**
 * The codeSplitting groups of the layers, the root's first: a group's chunk takes in what its modules import that no
 * group of a higher priority holds, so each layer's group outranks the next. Below `priority`, the libraries'
 * groups above it. The layers are worked out once per build, on the first module the bundler asks about.
 */
export function layerGroups(
  consolePrefix: string,
  claimed: (id: string) => boolean,
  priority: number,
): Rolldown.CodeSplittingGroup[] {
  const layers = routeLayers(consolePrefix);
  let owner: Map<string, string> | undefined;
  let root: Rolldown.ModuleInfo | null = null;
  const layerOf = (id: string, context: Rolldown.ChunkingContext) => {
    const info = context.getModuleInfo(resolve(APP, 'root.tsx'));
    if (!owner || root !== info) {
      root = info;
      owner = assignLayers(layers, new ImportGraph((moduleId) => context.getModuleInfo(moduleId)), claimed);
    }
    return owner.get(id);
  };
  return layers.map((layer, index) => ({
    name: (id, context) => (layerOf(id, context) === layer.name ? layer.name : null),
    priority: priority - index,
  }));
}
