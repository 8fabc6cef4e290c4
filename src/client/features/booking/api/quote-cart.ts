import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { QuoteRequest, QuoteResponse } from "../../../../contracts/booking";
import { api } from "../../../lib/api";
import type { CartItem } from "../types";
import { bookingKeys, type Pricing } from "./booking-keys";

// POST /api/booking/quote: the cart's subtotal, discount and total. The screen shows these figures
// and never adds prices itself (CONVENTIONS: a component never recomputes a server price).

export const toCartInput = (items: CartItem[]) =>
  items.map((i) => ({
    facilityType: i.facilityType,
    date: i.date,
    startTime: i.startTime,
    endTime: i.endTime,
    duration: i.duration,
    // Issue 34: the court chosen in the per-court view (left out of the JSON when there is none).
    facilityId: i.facilityId,
  }));

export const quoteRequest = (items: CartItem[], code: string | null, pricing: Pricing): QuoteRequest => ({
  items: toCartInput(items),
  code,
  memberId: pricing.memberId,
  useNonMemberPricing: pricing.useNonMemberPricing,
});

const postQuote = (body: QuoteRequest) => api<QuoteResponse>("/booking/quote", { body });

export const quoteQuery = (request: QuoteRequest) =>
  queryOptions({
    queryKey: bookingKeys.quote(request),
    queryFn: () => postQuote(request),
    // A refusal is the server's answer about this cart (a coupon that no longer applies), not a glitch.
    retry: false,
    staleTime: 30_000,
  });

/** The figures for the cart as it is now; the previous cart's stay on screen while they load. */
export const useCartQuote = (request: QuoteRequest) =>
  useQuery({ ...quoteQuery(request), enabled: request.items.length > 0, placeholderData: keepPreviousData });

/** "Apply": the same quote, asked for once with the typed code. */
export const useApplyCoupon = () => useMutation({ mutationFn: postQuote });
