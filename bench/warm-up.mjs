/**
 * Requests sent at the measured concurrency before a list is measured. The first requests after a start pay
 * for JIT compilation (the server's and the load generator's) and for the embedded database's first reads,
 * which is not the steady state the budgets are about. 500 was not enough: measured on a 2-core machine
 * (decision 026), server CPU per campaigns page went on falling over the next 6,000 requests (1.9 → 1.0 ms
 * on PostgreSQL) and the load generator's own CPU per request from 0.55 to 0.19 ms.
 */
export const WARM_UP_REQUESTS = 3_000;
