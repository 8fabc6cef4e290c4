import type { ReactNode } from "react";
import classes from "./booking.module.css";

/**
 * A checkbox with its label, hint and error: Mantine's Checkbox as the customer form uses it, on the
 * browser's own checkbox, so the booking page's first load does not carry Checkbox (decision 025).
 */
export function CheckField({
  id,
  label,
  checked,
  onChange,
  error,
  description,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: ReactNode;
  /** A hint under the label (shown in the warning colour). */
  description?: ReactNode;
}) {
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={classes.checkField}>
      <input
        type="checkbox"
        id={id}
        className={classes.checkInput}
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        data-error={error ? true : undefined}
      />
      <div className={classes.checkBody}>
        <label htmlFor={id} className={classes.checkLabel}>
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className={classes.checkDescription}>
            {description}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className={classes.checkError}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
