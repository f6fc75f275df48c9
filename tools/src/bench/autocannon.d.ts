// The little of autocannon's API the HTTP benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Percentiles {
    readonly average: number;
    readonly p50: number;
    readonly p99: number;
  }
  interface Result {
    readonly latency: Percentiles;
    readonly requests: Percentiles & { readonly total: number };
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly statusCodeStats: Record<string, { count: number }>;
  }
  interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly workers?: number;
    readonly headers?: Record<string, string>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
