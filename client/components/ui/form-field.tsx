import type { InputHTMLAttributes, ReactNode } from 'react';
import { PASSWORD_MAX_LENGTH, passwordMinLength } from '#client/lib/password-policy.ts';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

interface FieldParts {
  id: string;
  label: ReactNode;
  /** A hint under the input that stays; the input is described by it. */
  description?: ReactNode;
  descriptionId?: string;
  /** A problem to fix, announced when it appears; the input is marked invalid while it shows. */
  error?: ReactNode;
  errorId?: string;
  /** Anything else under the input (a link, say). */
  children?: ReactNode;
}

type FormFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'aria-describedby' | 'aria-invalid'
> &
  FieldParts;

/**
 * A label, any control, its hint and its error, wired together for assistive technology: the
 * control is rendered by `children`, given the ids that describe it (or undefined).
 */
export function LabelledControl({
  id,
  label,
  description,
  descriptionId = `${id}-hint`,
  error,
  errorId = `${id}-error`,
  children,
  after,
}: Omit<FieldParts, 'children'> & {
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
  /** Anything under the hint and the error (a link, say). */
  after?: ReactNode;
}) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [description ? descriptionId : null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy || undefined, hasError)}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/** A labelled input with its hint and its error, wired together for assistive technology. */
export function FormField({
  id,
  label,
  description,
  descriptionId,
  error,
  errorId,
  children,
  ...input
}: FormFieldProps) {
  return (
    <LabelledControl
      id={id}
      label={label}
      description={description}
      {...(descriptionId ? { descriptionId } : {})}
      error={error}
      {...(errorId ? { errorId } : {})}
      after={children}
    >
      {(describedBy, invalid) => (
        <Input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </LabelledControl>
  );
}

/** The email address field every auth and account form asks for. */
export function EmailField({
  value,
  onValueChange,
  ...field
}: FieldParts & { value: string; onValueChange: (value: string) => void }) {
  return (
    <FormField
      {...field}
      name="email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

interface PasswordFieldProps extends FieldParts {
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
}

/** A new password within the policy's limits (sign-up, reset, settings). */
export function NewPasswordField({ value, onValueChange, ...field }: PasswordFieldProps) {
  return (
    <FormField
      {...field}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={passwordMinLength()}
      maxLength={PASSWORD_MAX_LENGTH}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** The new password typed again; says so while the two differ. */
export function ConfirmPasswordField({
  mismatch,
  value,
  onValueChange,
  ...field
}: Omit<PasswordFieldProps, 'label' | 'error'> & { mismatch: boolean }) {
  return (
    <FormField
      {...field}
      label="Confirm new password"
      name="confirm"
      type="password"
      autoComplete="new-password"
      required
      error={mismatch ? 'The passwords do not match.' : null}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
