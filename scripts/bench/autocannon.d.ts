// The slice of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx'?: number;
    '4xx'?: number;
    '5xx'?: number;
    statusCodeStats?: Record<string, { count: number }>;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
