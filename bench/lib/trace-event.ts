/** A trace event as the DevTools protocol reports it (the fields the benches read). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { url?: string; scriptName?: string; functionName?: string; lineNumber?: number; columnNumber?: number; type?: string };
  };
}
