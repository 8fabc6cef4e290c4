import { createServer, type Server, type Socket } from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A minimal SMTP server on loopback, speaking just enough of RFC 5321 for nodemailer
 * (EHLO, MAIL, RCPT, DATA, QUIT), so the outbox is tested against a real SMTP conversation.
 */
export async function startFakeSmtp(): Promise<{
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    let buffer = "";
    socket.write("220 fake-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let index = buffer.indexOf("\r\n");
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(mail);
            mail = { from: "", to: [], data: "" };
            socket.write("250 2.0.0 queued\r\n");
          } else {
            mail.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === "EHLO" || command === "HELO") socket.write("250-fake-smtp\r\n250 8BITMIME\r\n");
          else if (command === "MAIL") {
            mail.from = line;
            socket.write("250 2.1.0 ok\r\n");
          } else if (command === "RCPT") {
            mail.to.push(line);
            socket.write("250 2.1.5 ok\r\n");
          } else if (command === "DATA") {
            inData = true;
            socket.write("354 end with .\r\n");
          } else if (command === "QUIT") {
            socket.end("221 bye\r\n");
          } else socket.write("250 ok\r\n");
        }
        index = buffer.indexOf("\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening: the "mail server is down" case. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
