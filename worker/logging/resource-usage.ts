/** What the resource meter counts (resource-meter.ts); free of Workers types, so the bench tools read it too. */
export interface ResourceUsage {
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** D1's own time for the queries (meta.duration), ms. */
  d1Ms: number;
  /** Queries whose rows D1 did not report (raw()). */
  d1Unmetered: number;
  kvReads: number;
  kvWrites: number;
  r2ClassA: number;
  r2ClassB: number;
  doRequests: number;
  sqlRowsRead: number;
  sqlRowsWritten: number;
}

export function emptyUsage(): ResourceUsage {
  return {
    d1Queries: 0,
    d1RowsRead: 0,
    d1RowsWritten: 0,
    d1Ms: 0,
    d1Unmetered: 0,
    kvReads: 0,
    kvWrites: 0,
    r2ClassA: 0,
    r2ClassB: 0,
    doRequests: 0,
    sqlRowsRead: 0,
    sqlRowsWritten: 0,
  };
}
