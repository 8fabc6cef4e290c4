import type { Twilio } from "twilio";
import type TwilioRequestClient from "twilio/lib/base/RequestClient";

/** Sends one text message; resolves with the provider's message id, throws when it is refused. */
export type SmsSender = { send(to: string, body: string): Promise<{ id: string }> };

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** A sending number (E.164) or, instead, a Messaging Service SID. */
  from?: string;
  messagingServiceSid?: string;
  /** Another base address for Twilio's API (tests point it at a local fake). */
  apiBase?: string;
};

/**
 * The Twilio client, built at the first text sent: the SDK is some 6 MB of the server's memory,
 * so it is loaded only when a message is actually sent (decision record 025).
 */
async function twilioClient(settings: TwilioSettings): Promise<Twilio> {
  const { default: twilio } = await import("twilio");
  /**
   * Twilio's request client with every request sent to `apiBase` instead of *.twilio.com: the
   * SDK's own request building, auth and error handling run unchanged, only the host differs.
   */
  class RebasedRequestClient extends twilio.RequestClient {
    constructor(private readonly base: URL) {
      super({ timeout: 15_000 });
    }
    override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
      const target = new URL(opts.uri);
      const rebased = new URL(target.pathname + target.search, this.base);
      return super.request({ ...opts, uri: rebased.href });
    }
  }
  return twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBase ? new RebasedRequestClient(new URL(settings.apiBase)) : undefined,
    timeout: 15_000,
  });
}

/** The SMS adapter on the official Twilio SDK (docs/decisions/023). */
export function createTwilioSender(settings: TwilioSettings): SmsSender {
  let client: Promise<Twilio> | null = null;
  return {
    async send(to, body) {
      // A failed load is not kept: the next attempt (the outbox retries) tries again.
      client ??= twilioClient(settings).catch((err: unknown) => {
        client = null;
        throw err;
      });
      const message = await (await client).messages.create({
        to,
        body,
        ...(settings.messagingServiceSid
          ? { messagingServiceSid: settings.messagingServiceSid }
          : { from: settings.from }),
      });
      return { id: message.sid };
    },
  };
}
