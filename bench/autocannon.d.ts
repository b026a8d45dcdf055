// The part of autocannon 9's API the HTTP benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface AutocannonResult {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    requests?: AutocannonRequest[];
  }
  /** The run: a promise of its result that also reports each response (time in milliseconds). */
  export interface AutocannonInstance extends Promise<AutocannonResult> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): this;
  }
  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
