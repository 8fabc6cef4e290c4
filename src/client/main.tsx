import "./mantine.css";
import "@mantine/notifications/styles.css";
import "./styles.css";

// A small entry: the browser paints the page frame the server sent (its heading and header) without
// waiting for the application's code, which follows in its own chunks.
void import("./app");
