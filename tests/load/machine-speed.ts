/**
 * How fast the machine is while the benchmark runs. The figures depend on it more than on anything
 * else: on the same 2-core machine kind, with the same code, this calibration took 2.0 s on one day
 * and 3.3 s on another (shared hosts), and every latency and rate moved with it. The benchmark
 * prints it beside its figures so that runs of different days can be compared.
 */
import { spawnSync } from 'node:child_process';

/**
 * Milliseconds a new Node process takes for 3×10⁸ additions to a script-level variable (the loop
 * the figures of docs/benchmarks.md were calibrated with): the best of three tries.
 */
export function cpuLoopMs(): number {
  const script =
    'let t=performance.now();let x=0;for(let i=0;i<3e8;i++)x+=i;console.log(performance.now()-t,x>0)';
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const [ms, used] = run.stdout.trim().split(' ');
    if (run.status !== 0 || used !== 'true') throw new Error(`the calibration loop failed: ${run.stderr}`);
    best = Math.min(best, Number(ms));
  }
  return best;
}
