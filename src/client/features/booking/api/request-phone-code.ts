import { useMutation } from "@tanstack/react-query";
import type { PhoneCodeRequest, PhoneCodeResponse } from "../../../../contracts/notifications";
import { api } from "../../../lib/api";

/** POST /api/phone-codes: text a one-time code that proves the phone (issue 30 item 2). */
export const useRequestPhoneCode = () =>
  useMutation({
    mutationFn: (body: PhoneCodeRequest) => api<PhoneCodeResponse>("/phone-codes", { body }),
  });
