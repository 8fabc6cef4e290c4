// The machine's floor for the hold figures (issue 16): a bare node:http server (bench/bare-hold-answer.ts)
// driven by the same load generator in the same shapes as the rush and the 200-on-one-slot
// figures, and as the availability lookup (the HTTP half of the lookup's floor). It shows what this machine's two cores can do at all while the load generator shares
// them, so the real figures can be read against it.
import { bareServer } from "./bare-hold-answer";

const server = bareServer();
server.listen({ port: Number(process.env.PORT), host: "127.0.0.1", backlog: 4096 }, () => {
  console.log("listening");
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
