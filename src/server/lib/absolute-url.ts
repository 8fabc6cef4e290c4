/** A venue-relative path (the logo's "/files/logo.svg") made absolute with the public URL. */
export const absoluteUrl = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
