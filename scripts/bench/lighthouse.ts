// Lighthouse (mobile, performance only) on a page of the running server, in Debian's Chromium.
// Medians of a few runs at the default mobile throttling and with a slower CPU.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Lighthouse's default mobile throttling (slow 4G, simulated), with a chosen CPU slowdown. */
function mobileThrottling(cpuSlowdownMultiplier: number) {
  return {
    rttMs: 150,
    throughputKbps: 1.6 * 1024,
    requestLatencyMs: 150 * 3.75,
    downloadThroughputKbps: 1.6 * 1024 * 0.9,
    uploadThroughputKbps: 750 * 0.9,
    cpuSlowdownMultiplier,
  };
}

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's measure of this machine's CPU speed at the time (higher = faster; ~1000+ is a fast desktop). */
  benchmarkIndex: number;
}

export interface LighthouseSeries {
  label: string;
  cpuSlowdownMultiplier: number;
  runs: LighthouseRun[];
  median: LighthouseRun;
  error?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One page to measure: what the report calls it and its address. */
export interface LighthouseTarget {
  name: string;
  url: string;
}

/** One target's series (default and slow CPU). */
export interface LighthouseTargetResult {
  name: string;
  url: string;
  series: LighthouseSeries[];
}

/** One Lighthouse run of `url` in a fresh browser; `saveAs`: where to write its JSON report, if anywhere. */
async function runOnce(url: string, multiplier: number, saveAs?: string): Promise<LighthouseRun> {
  // A fresh browser per run: reusing one across runs sometimes loses the trace (NO_NAVSTART).
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      {
        extends: 'lighthouse:default',
        settings: {
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          throttling: mobileThrottling(multiplier),
          onlyCategories: ['performance'],
        },
      },
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('no result');
    if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

const SERIES = [
  ['default mobile (4× CPU slowdown)', 4],
  ['slow CPU (8× CPU slowdown)', 8],
] as const;

/**
 * Lighthouse on several pages, their runs interleaved (run 1 of each target, then run 2 of each, …) so a change in
 * the machine's load during the measurement falls on every target alike: on a shared machine, series measured one
 * after the other differ by the load as much as by the servers. `reportDir`: each run's JSON report is saved there
 * (`<target>-cpu<N>x-run<i>.json`, to read its audits).
 */
export async function runLighthouseInterleaved(
  targets: LighthouseTarget[],
  runsPerSeries: number,
  reportDir?: string,
): Promise<LighthouseTargetResult[]> {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const runs = targets.map(() => SERIES.map(() => [] as LighthouseRun[]));
  const errors = targets.map(() => SERIES.map(() => undefined as string | undefined));
  for (const [s, [label, multiplier]] of SERIES.entries()) {
    for (let i = 0; i < runsPerSeries; i++) {
      for (const [t, target] of targets.entries()) {
        console.error(`[bench] lighthouse ${target.name}, ${label}, run ${i + 1}/${runsPerSeries}…`);
        const file = targets.length > 1 ? `${target.name.replace(/\W+/g, '-')}-` : '';
        try {
          const run = await runOnce(
            target.url,
            multiplier,
            reportDir ? join(reportDir, `${file}cpu${multiplier}x-run${i + 1}.json`) : undefined,
          );
          runs[t]?.[s]?.push(run);
        } catch (caught) {
          const row = errors[t];
          if (row) row[s] = caught instanceof Error ? caught.message : String(caught);
        }
      }
    }
  }
  return targets.map((target, t) => ({
    ...target,
    series: SERIES.map(([label, multiplier], s) => {
      const done = runs[t]?.[s] ?? [];
      const error = errors[t]?.[s];
      return {
        label,
        cpuSlowdownMultiplier: multiplier,
        runs: done,
        median: {
          score: median(done.map((r) => r.score)),
          lcpMs: median(done.map((r) => r.lcpMs)),
          tbtMs: median(done.map((r) => r.tbtMs)),
          cls: median(done.map((r) => r.cls)),
          fcpMs: median(done.map((r) => r.fcpMs)),
          benchmarkIndex: median(done.map((r) => r.benchmarkIndex)),
        },
        ...(error ? { error } : {}),
      };
    }),
  }));
}

/** `reportDir`: when given, each run's full JSON report is saved there (to read its audits). */
export async function runLighthouse(
  url: string,
  runsPerSeries: number,
  reportDir?: string,
): Promise<LighthouseSeries[]> {
  const [result] = await runLighthouseInterleaved([{ name: 'server', url }], runsPerSeries, reportDir);
  return result?.series ?? [];
}
