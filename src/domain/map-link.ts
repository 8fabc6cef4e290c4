/** Directions to the venue: a map search for its address (the receipts' "Get directions"). */
export const mapUrlFor = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
