import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** Distinct statements kept prepared; beyond this the least recently used is closed (SQL built in varying shapes). */
const PREPARED_STATEMENTS = 500;

type Query = PGlite['query'];

const serialize = protocol.serialize;

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them: how each value is serialized. */
  paramTypes: number[];
}

/**
 * Issue 25: PGlite's `query()` parses, plans and describes every statement again, in four trips into the engine
 * (Parse, Describe, Bind and Execute, Sync), each time it runs. This keeps a named prepared statement per distinct
 * SQL text with parameters and runs every later call as one trip (Bind, Describe, Execute, Sync): measured on a
 * statement of the profile page's shape, 130 µs instead of 400 µs. The same public protocol API PGlite's own query()
 * is built on (`protocol.serialize`, `execProtocol`, `parse.parseResults`), under the same two locks, so a statement
 * never runs inside another request's transaction; the same value serializers and row parsers (drizzle's
 * `rowMode` and `parsers` options are honoured), and the same data-directory sync after a statement outside a
 * transaction. Notifications (LISTEN) are dispatched by the engine as for any statement. Statements without
 * parameters (migrations, BEGIN, COMMIT, several statements at once) keep PGlite's own path, as on PostgreSQL
 * (prepareStatements in client.ts). Installed on the instance and on each transaction it hands out.
 */
export function usePreparedStatements(lite: PGlite, opts: { max?: number } = {}): void {
  const max = opts.max ?? PREPARED_STATEMENTS;
  const prepared = new Map<string, Prepared>();
  let next = 0;
  const plainQuery = lite.query.bind(lite);

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const known = prepared.get(text);
    if (known) {
      // Most recently used last: the map's first entry is the one to close when it is full.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    if (prepared.size >= max) {
      const [oldestText, oldest] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldestText);
      await lite.execProtocol(concat(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()), { syncToFs: false });
    }
    const name = `p${next++}`;
    const { messages } = await lite.execProtocol(
      concat(serialize.parse({ name, text, types: options?.paramTypes ?? [] }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const statement = await prepare(text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? lite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let messages;
    try {
      ({ messages } = await lite.execProtocol(
        concat(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
        { syncToFs: false },
      ));
    } catch (err) {
      // A table it reads changed shape since it was prepared ("cached plan must not change result type"): prepared
      // again on its next call. The error stands (inside a transaction, the transaction has failed with it).
      if ((err as { code?: string }).code === '0A000') prepared.delete(text);
      throw err;
    }
    if (!inTransaction) await lite.syncToFs();
    return parse.parseResults(messages, lite.parsers, options)[0] as Results<T>;
  }

  const preparedQuery = (inTransaction: boolean, fallback: Query, checkOpen: () => void = () => {}): Query =>
    (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (!params?.length || options?.blob) return fallback<T>(text, params, options);
      checkOpen();
      // The same locks as PGlite's query(): no other statement runs between this one's messages; outside a
      // transaction, none runs while one is open.
      const exclusive = () => lite._runExclusiveQuery(() => run<T>(text, params, options, inTransaction));
      return inTransaction ? exclusive() : lite._runExclusiveTransaction(exclusive);
    }) as Query;

  lite.query = preparedQuery(false, plainQuery);
  const transaction = lite.transaction.bind(lite);
  lite.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const withPrepared = Object.create(tx) as Transaction;
      withPrepared.query = preparedQuery(true, tx.query.bind(tx), () => {
        // PGlite's own words for a statement sent after the transaction ended.
        if (tx.closed) throw new Error('Transaction is closed');
      });
      return fn(withPrepared);
    })) as PGlite['transaction'];
}
