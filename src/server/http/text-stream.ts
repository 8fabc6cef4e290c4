/**
 * A response body read from an async generator of text, one piece per pull, so the client's pace
 * sets the server's (backpressure) and a closed connection stops the generator. When the generator
 * fails part way, the body errors instead of ending: the server then breaks the connection off and
 * the browser reports the download as failed, where a body that just ended would hand over a file
 * that is silently short. `onError` is told first (the headers are gone, so only the log can say why).
 */
export function textStream(
  pieces: AsyncGenerator<string>,
  onError: (err: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        onError(err);
        controller.error(err);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
