/** One line of the bench's table: what was measured, its value, its budget, and whether it is over. */
export interface Figure {
  what: string;
  value: string;
  budget: string;
  over: boolean;
}

/** CPU of the worker + DO hot path per 1,000-token reply (ms). */
export const HOT_PATH_CPU_BUDGET_MS = 20;
