import { useState } from "react";
import type { ClosureAction, ClosureImpact } from "../../../../../contracts/venue";
import { formatCents } from "../../../../../domain/money";
import { venueToday } from "../../../../../domain/venue-time";
import { notifySuccess } from "../../../../lib/notify";
import { useFormError } from "../../../../lib/use-form-error";
import { useClosureImpact } from "../api/closure-impact";
import { useSaveClosure } from "../api/save-closure";
import { blankException, draftOf, type ExceptionForm } from "./exception-form";

/**
 * Adding a closure or special day in two steps: "Check Impact" shows what it takes time from, then
 * the save applies the chosen action to those bookings. Any edit goes back to the first step.
 */
export function useAddException() {
  const impact = useClosureImpact();
  const save = useSaveClosure();
  const [form, setForm] = useState<ExceptionForm>(() => blankException(venueToday(new Date())));
  // The id makes the save idempotent: a retry of the same checked draft is saved once.
  const [checked, setChecked] = useState<{ id: string; impact: ClosureImpact } | null>(null);
  const [action, setAction] = useState<ClosureAction>("keep");
  const { error, setError, fail } = useFormError();

  const set = (change: Partial<ExceptionForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setChecked(null);
    setError(null);
  };
  const check = () =>
    impact.mutate(draftOf(form), {
      onSuccess: (result) => {
        setChecked({ id: crypto.randomUUID(), impact: result });
        setAction("keep");
        setError(null);
      },
      onError: (err) => fail(err, "Failed to check the impact"),
    });
  const submit = () => {
    if (!checked) return;
    save.mutate(
      { id: checked.id, action, draft: draftOf(form) },
      {
        onSuccess: (r) => {
          const parts = [
            r.kept > 0 ? `${r.kept} kept` : "",
            r.moved > 0 ? `${r.moved} moved` : "",
            r.cancelled > 0 ? `${r.cancelled} cancelled` : "",
            r.refundedCents > 0 ? `${formatCents(r.refundedCents)} refunded` : "",
          ].filter(Boolean);
          notifySuccess(
            `${form.kind === "closure" ? "Closure" : "Special day"} saved${parts.length ? `: ${parts.join(", ")}` : ""}`,
          );
          setForm(blankException(venueToday(new Date())));
          setChecked(null);
        },
        onError: (err) => fail(err, "Failed to save"),
      },
    );
  };

  return {
    form,
    set,
    checked,
    uncheck: () => setChecked(null),
    action,
    setAction,
    error,
    /** "Check Impact" first, then the save of what was checked. */
    next: () => (checked ? submit() : check()),
    checking: impact.isPending,
    saving: save.isPending,
  };
}
