/**
 * CPU-heavy functions a worker runs by name: one input object in, a structured-cloneable value
 * out, errors carried back to the caller. The pool knows no task of its own: its user hands it
 * a table (the tools hand theirs, `src/heavy-tasks`).
 */
export type HeavyTaskTable = {
  readonly [name: string]: (input: any) => unknown;
};

/**
 * A task table with the module that exports it as `HEAVY_TASKS`: the pool runs a small input's
 * task from the table on the calling thread, and a worker loads the module by its path.
 */
export interface HeavyTasks<Table extends HeavyTaskTable> {
  readonly table: Table;
  /** Absolute path of the module exporting `table` as `HEAVY_TASKS` (.ts from source, .js built). */
  readonly module: string;
}

export type HeavyTaskName<Table extends HeavyTaskTable> = keyof Table & string;
export type HeavyTaskInput<
  Table extends HeavyTaskTable,
  Name extends HeavyTaskName<Table>,
> = Parameters<Table[Name]>[0];
export type HeavyTaskOutput<
  Table extends HeavyTaskTable,
  Name extends HeavyTaskName<Table>,
> = Awaited<ReturnType<Table[Name]>>;
