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

/** `reportDir`: when given, each run's full JSON report is saved there (to read its audits). */
export async function runLighthouse(
  url: string,
  runsPerSeries: number,
  reportDir?: string,
): Promise<LighthouseSeries[]> {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const series: LighthouseSeries[] = [];
  for (const [label, multiplier] of [
    ['default mobile (4× CPU slowdown)', 4],
    ['slow CPU (8× CPU slowdown)', 8],
  ] as const) {
    const runs: LighthouseRun[] = [];
    let error: string | undefined;
    for (let i = 0; i < runsPerSeries; i++) {
      console.error(`[bench] lighthouse ${label}, run ${i + 1}/${runsPerSeries}…`);
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
        if (reportDir) writeFileSync(join(reportDir, `cpu${multiplier}x-run${i + 1}.json`), JSON.stringify(lhr));
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcpMs: audit('first-contentful-paint'),
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
        });
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      } finally {
        chrome.kill();
      }
    }
    series.push({
      label,
      cpuSlowdownMultiplier: multiplier,
      runs,
      median: {
        score: median(runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
      },
      ...(error ? { error } : {}),
    });
  }
  return series;
}
