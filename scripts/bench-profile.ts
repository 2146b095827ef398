// Summarises a V8 CPU profile (from `npm run bench -- --cpu-prof DIR`, or `node --cpu-prof`): where the time went,
// by package or file, and the functions with the most self time.
//
//   node --import tsx scripts/bench-profile.ts DIR/CPU.*.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
if (positionals.length === 0) {
  console.error('usage: node --import tsx scripts/bench-profile.ts FILE.cpuprofile [--top N]');
  process.exit(1);
}

/** node_modules/<package> (scoped too), a project file, node: internals, or what V8 calls the rest. */
function where(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const project = /\/(src|scripts)\/(.*)$/.exec(url);
  return project ? `${project[1]}/${project[2]}` : url;
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;

  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const w = where(url, functionName);
    groups.set(w, (groups.get(w) ?? 0) + t);
    const fn = `${functionName || '(anonymous)'}  ${w}${url ? `:${lineNumber + 1}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
  const top = Number(values.top);
  console.log(`${file}\n  ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy\n`);
  console.log('  Self time by package or file (share of busy time):');
  for (const [w, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(t)}  ${w}`);
  console.log('\n  Functions with the most self time:');
  for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${f}`);
  console.log();
}
