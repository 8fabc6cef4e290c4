import { useMutation } from "@tanstack/react-query";
import type { PhoneCodeConfirmRequest } from "../../../../contracts/notifications";
import { api } from "../../../lib/api";

/** POST /api/phone-codes/confirm: the code texted to a phone proves it (issue 30 item 2). */
export const useConfirmPhoneCode = () =>
  useMutation({
    mutationFn: (body: PhoneCodeConfirmRequest) => api<{ verified: true }>("/phone-codes/confirm", { body }),
  });
