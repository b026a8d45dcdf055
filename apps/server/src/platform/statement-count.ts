import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { instrumentStatements, type Database } from '../db/client.js';

/** The response header that carries a request's SQL statement count (only with BENCH_COUNT_SQL). */
export const STATEMENT_COUNT_HEADER = 'x-bench-sql-statements';

/**
 * Benchmark only (`npm run bench:http` sets BENCH_COUNT_SQL=1): count the SQL statements each request sends and
 * answer the count in a header. AsyncLocalStorage follows the request through every await; it is not even
 * created unless the switch is on, since it slows every promise down on Node 20.
 */
export function registerStatementCount(app: FastifyInstance, database: Database) {
  const requests = new AsyncLocalStorage<{ statements: number }>();
  instrumentStatements(database, () => {
    const store = requests.getStore();
    if (store) store.statements += 1;
  });
  // Callback style: the rest of the request (hooks, handler, onSend) runs inside `done`, so inside the store.
  app.addHook('onRequest', (_request, _reply, done) => requests.run({ statements: 0 }, done));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(STATEMENT_COUNT_HEADER, String(requests.getStore()?.statements ?? 0));
    return payload;
  });
}
