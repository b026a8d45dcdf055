/**
 * Work that must only happen once a transaction has committed (push sends, file removals). A service collects
 * it while writing and runs it after the transaction resolves; a rollback simply drops it.
 */
export class AfterCommit {
  private readonly tasks: Array<() => void | Promise<void>> = [];

  add(task: () => void | Promise<void>) {
    this.tasks.push(task);
  }

  /** Run every task; failures are the tasks' own business (they must not throw into the request). */
  run() {
    for (const task of this.tasks.splice(0)) {
      void Promise.resolve()
        .then(task)
        .catch(() => {});
    }
  }
}
