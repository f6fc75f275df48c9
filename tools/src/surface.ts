/**
 * The public surface of a package: the names each entry of its `exports` map exports, read from
 * the entry's built `.d.ts` with the TypeScript compiler (the workspace's own, the root's
 * devDependency), and the budget of the main entries. An embedder reads the main entry first; what
 * only adapters, stores and tests need lives behind `/adapters` (and `/schemas`), so the main
 * entry stays small enough to read. The budget test (surface-budget.test.ts) holds the main
 * entries to it, and the READMEs' "Public names" sections are written from these lists.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/** The most names the main entry (`.`) of each package may export: room for the coming features is kept by moving what adapters alone need behind `/adapters`. */
export const SURFACE_BUDGETS = {
  "packages/domain": 60,
  "packages/core": 70,
} as const;

/** A package folder with a budgeted main entry. */
export type BudgetedPackage = keyof typeof SURFACE_BUDGETS;

/** One entry of a package's `exports` map, with what it exports. */
export interface EntrySurface {
  /** What an importer writes: `@lintel/core`, `@lintel/core/adapters`. */
  readonly specifier: string;
  /** The entry's built declarations, from the repository's root. */
  readonly declarations: string;
  /** Every name the entry exports (values and types), in the order the entry declares them. */
  readonly names: readonly string[];
}

interface ExportsManifest {
  readonly name: string;
  readonly exports: Readonly<Record<string, { readonly types: string }>>;
}

/** Each entry of the `exports` map of the package at `folder` (from `root`), main entry first, with the names its built `.d.ts` exports. */
export function packageSurface(root: string, folder: string): EntrySurface[] {
  const manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as ExportsManifest;
  const entries = Object.entries(manifest.exports).map(([subpath, { types }]) => ({
    specifier: subpath === "." ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, "")}`,
    declarations: join(folder, types),
  }));
  const files = entries.map((entry) => join(root, entry.declarations));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  return entries.map((entry, i) => {
    const source = program.getSourceFile(files[i]!);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${entry.declarations} is not built (tsc -b) or is no module`);
    return { ...entry, names: checker.getExportsOfModule(module).map((symbol) => symbol.name) };
  });
}
