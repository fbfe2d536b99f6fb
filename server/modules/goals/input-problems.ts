import { AppError } from '#server/errors.ts';

/** A field of the request that breaks a rule the schema cannot check (dates against today, deadlines). */
export interface InputProblem {
  /** Where, in the error handler's form: `body.goal.deadline`, `body.tasks.2.scheduledDate`. */
  path: string;
  message: string;
}

/**
 * The same 400 body a schema failure gives: the first problem in the message, all of them in the
 * details. Does nothing when there are none.
 */
export function throwIfProblems(problems: readonly InputProblem[]): void {
  const [first] = problems;
  if (!first) return;
  throw new AppError('invalid_input', `${first.path}: ${first.message}`, { details: problems });
}

export function invalidInput(path: string, message: string): AppError {
  return new AppError('invalid_input', `${path}: ${message}`, { details: [{ path, message }] });
}
