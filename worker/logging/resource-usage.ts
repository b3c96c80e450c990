/** What the resource meter counts (resource-meter.ts); free of Workers types, so the bench tools read it too. */
export interface ResourceUsage {
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** D1's own time for the queries (meta.duration), ms. */
  d1Ms: number;
  /** Queries whose rows D1 did not report (raw()). */
  d1Unmetered: number;
  /**
   * Of the queries above, those sent through a read-replica session (`withSession`), with their
   * rows read: served by a replica near the user where D1 read replication is on, so they take
   * none of the primary database's time. Locally one database serves everything.
   */
  d1ReplicaQueries: number;
  d1ReplicaRowsRead: number;
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
    d1ReplicaQueries: 0,
    d1ReplicaRowsRead: 0,
    kvReads: 0,
    kvWrites: 0,
    r2ClassA: 0,
    r2ClassB: 0,
    doRequests: 0,
    sqlRowsRead: 0,
    sqlRowsWritten: 0,
  };
}
