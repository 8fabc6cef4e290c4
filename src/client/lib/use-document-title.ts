import { useEffect } from "react";
import { useLocation } from "react-router";
import { documentTitle, NOT_FOUND_TITLE, pageName } from "../../contracts/pages";
import { useVenue } from "./venue";

/**
 * The tab's title follows the page (issue 34; the server writes the same one into the HTML). A
 * page with a more telling name (an event's) passes it; otherwise the route's name is used.
 */
export function useDocumentTitle(name?: string | null) {
  const { pathname } = useLocation();
  const { venueName } = useVenue();
  useEffect(() => {
    const shown = name ?? pageName(pathname) ?? NOT_FOUND_TITLE;
    document.title = venueName ? documentTitle(shown, venueName) : shown;
  }, [name, pathname, venueName]);
}
