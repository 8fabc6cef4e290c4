import { createInterface } from "node:readline";

/**
 * A password from the terminal, never from the command line (where `ps` and the shell history
 * would keep it). On a TTY the typed characters are not echoed; otherwise (a script piping it
 * in) the first line of stdin is the password.
 */
export async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return readFirstLine();
  return new Promise((resolve, reject) => {
    process.stderr.write(prompt);
    let typed = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        if (ch === "\u0003") return finish(new Error("Cancelled."));
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    input.on("data", onData);
  });
}

function readFirstLine(): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, terminal: false });
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      rl.close();
      resolve(line.replace(/\r$/, ""));
    });
    rl.once("close", () => {
      if (!answered) resolve("");
    });
  });
}
