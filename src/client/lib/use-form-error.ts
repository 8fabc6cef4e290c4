import { useState } from "react";
import { errorMessage } from "./api";
import { notifyError } from "./notify";

/**
 * A form's error line. `fail(err, fallback)`: a failed call's message (the server's, else the
 * fallback) in the form and as a toast; `setError`: a problem the form found itself, in the form only.
 */
export function useFormError() {
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown, fallback: string) => {
    const message = errorMessage(err, fallback);
    setError(message);
    notifyError(message);
  };
  return { error, setError, fail };
}
