// The registry mirror our machines use serves only the linux-x64 builds of packages that ship one
// package per platform (Biome, SWC, Tailwind's oxide, Next's SWC). `npm install` then leaves the
// other platforms out of package-lock.json, and `npm ci` refuses the lock ("Missing: … from lock
// file"). This adds the missing optional entries with their os/cpu/libc, which `npm ci` skips on
// this platform without fetching them.
//   npm run lock:fill              fix package-lock.json in place
//   npm run lock:fill -- --check   exit 1 when entries are missing (run by npm test)
import { readFileSync, writeFileSync } from 'node:fs';

const check = process.argv.includes('--check');
const path = 'package-lock.json';
/** The part of a package-lock.json entry this reads and writes. */
type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  engines?: unknown;
  cpu?: string[];
  os?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};
type Platform = { cpu: string[]; os?: string[]; libc?: string[] };

const lock: { packages: Record<string, LockEntry> } = JSON.parse(readFileSync(path, 'utf8'));
const pkgs = lock.packages;

/** `@scope/cli-linux-arm64-musl` → { os: ['linux'], cpu: ['arm64'], libc: ['musl'] } */
function platform(name: string): Platform {
  const [os = '', cpu = '', abi] = (name.split('/')[1] ?? '')
    .replace(/^(cli|core|oxide|swc)-/, '')
    .split('-');
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  const libc =
    abi === 'musl' ? ['musl'] : abi === 'gnu' || (os === 'linux' && !abi) ? ['glibc'] : undefined;
  return { cpu: [cpu], ...(libc ? { libc } : {}), os: [os] };
}

const missing: string[] = [];
for (const [key, entry] of Object.entries(pkgs)) {
  const optional = entry.optionalDependencies ?? {};
  for (const [dep, version] of Object.entries(optional)) {
    if (
      !/^\d+\.\d+\.\d+$/.test(version) ||
      !/-(android|darwin|freebsd|linux|win32|wasm32)-/.test(dep)
    )
      continue;
    const at = `node_modules/${dep}`;
    if (pkgs[at] || pkgs[`${key}/${at}`]) continue;
    const sibling = Object.keys(optional)
      .map((d) => pkgs[`node_modules/${d}`])
      .find(Boolean);
    const { cpu, libc, os } = platform(dep);
    missing.push(dep);
    pkgs[at] = {
      version,
      cpu,
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      ...(sibling?.license ? { license: sibling.license } : {}),
      optional: true,
      ...(os ? { os } : {}),
      ...(sibling?.engines ? { engines: sibling.engines } : {}),
    };
  }
}

if (check) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} platform packages (${missing.slice(0, 3).join(', ')}…);`,
    );
    console.error('`npm ci` would refuse it. Run: npm run lock:fill');
    process.exit(1);
  }
  console.log('package-lock.json: every platform package is recorded');
} else {
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${missing.length} platform packages`);
}
