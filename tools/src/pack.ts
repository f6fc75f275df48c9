// The tarballs of the published packages, as they are published. pnpm packs each (it writes the
// versions of `workspace:*` dependencies into the packed manifest); a self-contained package
// (the server) then gets the packages it depends on inside its tarball, npm's bundleDependencies,
// so that one file installs with plain npm and runs: `npm install ./lintel-server-0.1.0.tgz`,
// or the registry's @lintel/server, then `npx lintel serve`.
//
// The repository's manifest does not declare bundleDependencies, the packer adds them: pnpm
// refuses them in an isolated node_modules (ERR_PNPM_BUNDLED_DEPENDENCIES_WITHOUT_HOISTED); made
// to accept them, it copies each workspace manifest with its `workspace:*` left in; and
// `pnpm deploy` of a manifest that declares them leaves a second copy of each beside the links.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PUBLISHED_PACKAGES, SELF_CONTAINED_PACKAGES, type PublishedFolder } from "./published.js";

const exec = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const PNPM = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { packageManager: string }).packageManager;

/** What the packer reads of a package's manifest. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly bundleDependencies?: readonly string[];
  readonly bundledDependencies?: readonly string[];
}

/** The manifest of a workspace package, as the repository holds it. */
export function manifestOf(folder: PublishedFolder): Manifest {
  return JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as Manifest;
}

/** The folder of a published package, by its name. */
function folderOf(name: string): PublishedFolder {
  const folder = PUBLISHED_PACKAGES.find((candidate) => manifestOf(candidate).name === name);
  if (folder === undefined) throw new Error(`${name} is no published package of this workspace`);
  return folder;
}

/** Everything a package needs at run time: its dependencies, peer and optional ones included. */
export function runtimeDependencies(manifest: Manifest): Record<string, string> {
  return { ...manifest.peerDependencies, ...manifest.optionalDependencies, ...manifest.dependencies };
}

/**
 * The `@lintel/*` packages a self-contained package carries inside its tarball: those it depends
 * on, and theirs in turn, sorted; none for any other package.
 */
export function bundledFolders(folder: PublishedFolder): PublishedFolder[] {
  if (!SELF_CONTAINED_PACKAGES.includes(folder)) return [];
  const found = new Set<PublishedFolder>();
  const visit = (from: PublishedFolder) => {
    for (const name of Object.keys(runtimeDependencies(manifestOf(from))).filter((dep) => dep.startsWith("@lintel/"))) {
      const dep = folderOf(name);
      if (!found.has(dep)) {
        found.add(dep);
        visit(dep);
      }
    }
  };
  visit(folder);
  return [...found].sort((a, b) => manifestOf(a).name.localeCompare(manifestOf(b).name));
}

/**
 * What a package that bundles others fails to declare: npm installs the dependencies of the
 * outer package only, never those of a bundled one, so the outer manifest must name each
 * third-party dependency of every bundled package at the same range, and depend on each bundled
 * package (a bundled name it does not depend on is not bundled). One line per omission.
 */
export function undeclaredDependencies(outer: Manifest, bundled: readonly Manifest[]): string[] {
  const declared = runtimeDependencies(outer);
  return bundled.flatMap((inner) => [
    ...(declared[inner.name] === undefined ? [`${outer.name} does not depend on ${inner.name}, which it bundles`] : []),
    ...Object.entries(runtimeDependencies(inner))
      .filter(([name, range]) => !name.startsWith("@lintel/") && declared[name] !== range)
      .map(([name, range]) => `${inner.name} needs ${name} ${range}; ${outer.name} declares ${declared[name] ?? "nothing"}`),
  ]);
}

/** The file npm and pnpm name a package's tarball: `@lintel/server` 0.1.0 is lintel-server-0.1.0.tgz. */
export function tarballName(manifest: Manifest): string {
  return `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
}

const run = (file: string, args: readonly string[], cwd: string) =>
  exec(file, args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" }, maxBuffer: 64 * 1024 * 1024 });

/**
 * Packs the published packages in `folders` into `destination` as they are published (built
 * first: the tarballs hold `dist/`). Answers each folder's tarball path.
 */
export async function packPublished(folders: readonly PublishedFolder[], destination: string): Promise<Map<PublishedFolder, string>> {
  await mkdir(destination, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), "lintel-pack-"));
  try {
    const packed = new Map<PublishedFolder, string>();
    const needed = new Set(folders.flatMap((folder) => [folder, ...bundledFolders(folder)]));
    for (const folder of needed) {
      await run("npx", ["--yes", PNPM, "pack", "--pack-destination", join(work, "pnpm")], join(root, folder));
      packed.set(folder, join(work, "pnpm", tarballName(manifestOf(folder))));
    }
    const tarballs = new Map<PublishedFolder, string>();
    for (const folder of folders) {
      const target = join(destination, tarballName(manifestOf(folder)));
      const bundled = bundledFolders(folder);
      if (bundled.length === 0) await copyFile(packed.get(folder)!, target);
      else
        await packWithBundled(
          packed.get(folder)!,
          bundled.map((dep) => [manifestOf(dep).name, packed.get(dep)!] as const),
          work,
          destination,
        );
      if (!existsSync(target)) throw new Error(`packing ${folder} made no ${target}`);
      tarballs.set(folder, target);
    }
    return tarballs;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The variable run-tests.mjs names its folder of tarballs by: the published packages, packed once for the whole run. */
export const PACKS_VARIABLE = "LINTEL_PACKS";

/**
 * The tarball of every published package, as `packPublished` makes them. run-tests.mjs packs
 * them once per run, after the build, into the folder it names in LINTEL_PACKS: every stage and
 * Node line then installs and checks those same bytes, and no test file packs again (packing the
 * nine takes about a minute). A test file run without it (`node --test` on the file) packs into
 * `destination` itself. The tarballs are for reading: a test copies one before changing it.
 */
export async function publishedTarballs(destination: string): Promise<Map<PublishedFolder, string>> {
  const packed = process.env[PACKS_VARIABLE];
  if (packed === undefined || packed === "") return packPublished(PUBLISHED_PACKAGES, destination);
  return new Map(
    PUBLISHED_PACKAGES.map((folder) => {
      const tarball = join(packed, tarballName(manifestOf(folder)));
      if (!existsSync(tarball)) throw new Error(`${PACKS_VARIABLE}=${packed} holds no ${tarballName(manifestOf(folder))}`);
      return [folder, tarball] as const;
    }),
  );
}

/**
 * Unpacks `tarball`, puts each bundled package's own tarball under its node_modules as npm
 * would install it, names them in the manifest's bundleDependencies and packs it again with npm.
 */
async function packWithBundled(
  tarball: string,
  bundled: readonly (readonly [string, string])[],
  work: string,
  destination: string,
): Promise<void> {
  const stage = join(work, "stage");
  await rm(stage, { recursive: true, force: true });
  await mkdir(stage, { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", stage], work);
  const pkg = join(stage, "package");
  for (const [name, depTarball] of bundled) {
    const into = join(pkg, "node_modules", ...name.split("/"));
    await mkdir(into, { recursive: true });
    await run("tar", ["-xzf", depTarball, "-C", into, "--strip-components=1"], work);
  }
  const manifest = JSON.parse(await readFile(join(pkg, "package.json"), "utf8")) as Record<string, unknown>;
  // Placed after `dependencies`, where a reader of the manifest looks for it.
  const withBundled = Object.fromEntries(
    Object.entries(manifest).flatMap(([key, value]) =>
      key === "dependencies"
        ? [
            [key, value],
            ["bundleDependencies", bundled.map(([name]) => name)],
          ]
        : [[key, value]],
    ),
  );
  await writeFile(join(pkg, "package.json"), `${JSON.stringify(withBundled, null, 2)}\n`);
  await run("npm", ["pack", "--ignore-scripts", "--loglevel=error", "--pack-destination", destination], pkg);
}
