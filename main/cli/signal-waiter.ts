/** Waits for SIGINT or SIGTERM; `cancel` removes the handlers when the wait is abandoned. */
export function signalWaiter(): { stopped: Promise<string>; cancel(): void } {
  let cancel = () => undefined as void;
  const stopped = new Promise<string>((resolveSignal) => {
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    function stop(signal: string) {
      cancel();
      resolveSignal(signal);
    }
    cancel = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
  return { stopped, cancel };
}
