/**
 * What a participant's control task says (spec §5.5: the control task has no trap; "a participant who fails it has
 * an instrumentation problem, not an honesty one"). The scorer records it as exact and grounded or not
 * (`control_task.exact_and_grounded`), which is false too for a control task that was never answered: not submitted
 * (too few assertions, or none) or rejected at close. Such a task checks no instrument, so it is read as not checked,
 * never as an instrumentation check failed. Pure; the report's task list gives the task's status.
 */
export type ControlReading = 'exact_and_grounded' | 'instrumentation_check_failed' | 'not_checked';

export function controlTaskReading(
  control: { task_id: string; exact_and_grounded: boolean },
  tasks: readonly { task_id: string; status: string }[],
): { reading: ControlReading; status: string | null } {
  const status = tasks.find((t) => t.task_id === control.task_id)?.status ?? null;
  if (control.exact_and_grounded) return { reading: 'exact_and_grounded', status };
  if (status !== 'submitted') return { reading: 'not_checked', status };
  return { reading: 'instrumentation_check_failed', status };
}
