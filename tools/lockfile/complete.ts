/**
 * Whether package-lock.json is complete for every platform, read from the file alone. npm records
 * each optional dependency (the per-platform binaries of esbuild, rollup, rolldown, lightningcss)
 * whatever the machine; a lockfile that lost some makes `npm ci` fail on a fresh clone and
 * `npm install` rewrite the file. A dependency on a dist-tag ("latest") is re-resolved by
 * `npm ci` against the registry, which refuses the lockfile once the tag has moved
 * (docs/decisions/020-reproducible-installs.md).
 */

/** The parts of package-lock.json (lockfileVersion 3) this check reads. */
export interface Lockfile {
  lockfileVersion?: number
  packages?: Record<string, LockedPackage | undefined>
}

export interface LockedPackage {
  version?: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

export interface PackageJson {
  /** Folders of the workspaces (plain folders, such as `tools`; globs are not read here). */
  workspaces?: string[]
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

/** Where Node.js would find `name` from the package at `location`: its own folder, then up. */
export function resolveLocation(
  packages: Record<string, unknown>,
  location: string,
  name: string,
): string | undefined {
  let base = location
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`
    if (candidate in packages) return candidate
    if (base === '') return undefined
    const parent = base.lastIndexOf('/node_modules/')
    base = parent === -1 ? '' : base.slice(0, parent)
  }
}

/**
 * What makes the lockfile incomplete, one sentence each; empty when it is complete. `workspaces`
 * maps each workspace's folder (its place in the lockfile, such as `tools`) to its package.json.
 */
export function lockfileProblems(
  lock: Lockfile,
  manifest: PackageJson,
  workspaces: Record<string, PackageJson> = {},
): string[] {
  const packages = lock.packages
  if (lock.lockfileVersion !== 3 || !packages) {
    return [`package-lock.json is not a lockfileVersion 3 file with "packages"`]
  }
  const problems = manifestProblems('package.json', manifest, packages[''])
  for (const [folder, workspace] of Object.entries(workspaces)) {
    problems.push(...manifestProblems(`${folder}/package.json`, workspace, packages[folder]))
  }
  for (const [location, entry] of Object.entries(packages)) {
    const who = location || 'the project'
    for (const field of ['dependencies', 'optionalDependencies'] as const) {
      for (const [name, spec] of Object.entries(entry?.[field] ?? {})) {
        if (resolveLocation(packages, location, name) === undefined) {
          const kind = field === 'optionalDependencies' ? 'the optional ' : ''
          problems.push(`${who} names ${kind}${name}, which is not locked`)
        } else if (isDistTag(spec)) {
          problems.push(`${who} names ${name} at the dist-tag "${spec}", which npm ci re-resolves`)
        }
      }
    }
  }
  return problems
}

/** Where a package.json and its entry in the lockfile disagree on a dependency. */
function manifestProblems(
  file: string,
  manifest: PackageJson,
  locked: LockedPackage | undefined,
): string[] {
  if (!locked) return [`${file} is not in the lockfile`]
  const problems: string[] = []
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
    const wanted = manifest[field] ?? {}
    const lockedRanges = locked[field] ?? {}
    for (const name of new Set([...Object.keys(wanted), ...Object.keys(lockedRanges)])) {
      if (wanted[name] !== lockedRanges[name]) {
        problems.push(
          `${file} ${field} has ${name} ${wanted[name] ?? '(none)'}, the lockfile ${lockedRanges[name] ?? '(none)'}`,
        )
      }
    }
  }
  return problems
}

/** "latest", "next", "beta": a moving tag, not a version range, a URL or an alias. */
export function isDistTag(spec: string): boolean {
  return /^[a-z][\w.-]*$/i.test(spec) && spec.toLowerCase() !== 'x'
}
