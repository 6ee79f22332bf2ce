/**
 * Resolves at the start of a new task, so that the work after it does not lengthen the task
 * that is running: the browser may paint and answer input in between. A message to oneself is
 * a task without setTimeout's 4 ms clamp, and is not put off like an idle callback.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
